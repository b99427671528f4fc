func.func @main(%arg0: tensor<8xf32>, %arg1: tensor<8xi32>) -> (tensor<8xi32>, tensor<8xf32>) {
  return %arg1, %arg0 : tensor<8xi32>, tensor<8xf32>
}
