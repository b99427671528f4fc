func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

func.func @main(%arg0: tensor<4xi32>, %arg1: tensor<4xi32> {tf.aliasing_output = 1 : i32}) -> (tensor<4xi32>, tensor<4xi32>) {
  return %arg0, %arg1 : tensor<4xi32>, tensor<4xi32>
}
