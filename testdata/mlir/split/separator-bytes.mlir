// Separator lines are printed as the input has them: trailing blanks, a
// tab and a carriage return stay, so that with no passes the output is the
// input byte for byte; with a pass only the modules change. Each chunk
// defines @main: a separator not recognized would be a redefinition.

// RUN: mhlo-alias --split-input-file %s > %t
// RUN: diff %s %t
// RUN: mhlo-alias --split-input-file --passes=flip-may-aliases %s > %t.flipped
// RUN: diff %S/Inputs/separator-bytes.flipped %t.flipped

func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
// -----   
func.func @main(%arg0: tensor<3xf32> {tf.aliasing_output = 0 : i32}) -> tensor<3xf32> {
  return %arg0 : tensor<3xf32>
}
// -----	 
func.func @main(%arg0: tensor<4xf32> {tf.aliasing_output = 0 : i32}) -> tensor<4xf32> {
  return %arg0 : tensor<4xf32>
}
// -----
func.func @main(%arg0: tensor<5xf32> {tf.aliasing_output = 0 : i32}) -> tensor<5xf32> {
  return %arg0 : tensor<5xf32>
}
