func.func @main(%arg0: tensor<4x8xf32> {jax.buffer_donor = true}, %arg1: tensor<16xf32> {jax.buffer_donor = true},
                %arg2: tensor<8xi32>, %arg3: tensor<4x8xf32> {jax.buffer_donor = true})
    -> (tensor<4x8xf32>, tensor<32xi32>, tensor<8xi32>, tensor<2x8xf32>) {
  %0 = stablehlo.constant dense<0> : tensor<32xi32>
  %1 = stablehlo.reshape %arg1 : (tensor<16xf32>) -> tensor<2x8xf32>
  return %arg3, %0, %arg2, %1 : tensor<4x8xf32>, tensor<32xi32>, tensor<8xi32>, tensor<2x8xf32>
}
