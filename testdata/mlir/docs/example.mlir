// RUN: mhlo-alias --passes=flip-may-aliases %s | FileCheck %s --match-full-lines
// RUN: not mhlo-alias --bad-flag %s 2>&1 | FileCheck %s --check-prefix=USAGE

// The tool echoes this file, comments included: --match-full-lines keeps
// a CHECK line from matching its own echo.
// CHECK:      func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}) -> tensor<2xf32> {
// CHECK-NEXT:   return %arg0 : tensor<2xf32>
// USAGE: mhlo-alias: unknown flag --bad-flag (see --help)
func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
