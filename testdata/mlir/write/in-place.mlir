// -w rewrites the named file in place and prints nothing; on an error the
// file is left as it was and the exit status is 1.

// RUN: cp %s %t.mlir
// RUN: mhlo-alias -w --emit=module %t.mlir > %t.stdout
// RUN: FileCheck %s --match-full-lines < %t.mlir
// RUN: FileCheck %s --allow-empty --check-prefix=EMPTY < %t.stdout
// RUN: cp %s %t.bad.mlir
// RUN: not mhlo-alias -w --emit=tf --passes=flip-may-aliases %t.bad.mlir
// RUN: diff %s %t.bad.mlir

// CHECK:      module @w attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64>}]} {
// CHECK-NEXT:   func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
// EMPTY-NOT: {{.}}

module @w {
  func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
    return %arg0 : tensor<2xf32>
  }
}
