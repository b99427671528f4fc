// An error is followed by its source line and a caret under the column,
// as mlir-opt prints them; a line longer than 120 columns is cut to a
// window of 120 columns around the caret.

// RUN: not mhlo-alias --entry=short %s 2>&1 | FileCheck %s --check-prefix=SHORT --strict-whitespace --match-full-lines
// RUN: not mhlo-alias --entry=long %s 2>&1 | FileCheck %s --check-prefix=LONG --strict-whitespace --match-full-lines

// SHORT:{{.*}}source-line.mlir:[[#@LINE+3]]:40: error: Aliasing output must be 0 if only one output exists
// SHORT-NEXT:func.func @short(%arg0: tensor<2xf32> {tf.aliasing_output = 3 : i32}) -> tensor<2xf32> {
// SHORT-NEXT:                                       ^
func.func @short(%arg0: tensor<2xf32> {tf.aliasing_output = 3 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// LONG:{{.*}}source-line.mlir:[[#@LINE+3]]:{{[0-9]+}}: error: Aliasing output must be 0 if only one output exists
// LONG-NEXT:32>, %arg6: tensor<2xf32>, %arg7: tensor<2xf32>, %arg8: tensor<2xf32> {tf.aliasing_output = 3 : i32}) -> tensor<2xf32> {
// LONG-NEXT:                                                                       ^
func.func @long(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>, %arg2: tensor<2xf32>, %arg3: tensor<2xf32>, %arg4: tensor<2xf32>, %arg5: tensor<2xf32>, %arg6: tensor<2xf32>, %arg7: tensor<2xf32>, %arg8: tensor<2xf32> {tf.aliasing_output = 3 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
