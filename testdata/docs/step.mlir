module @jit_step {
  func.func public @main(%arg0: tensor<4x8xf32> {jax.buffer_donor = true},
                         %arg1: tensor<4x8xf32> {jax.buffer_donor = true, mhlo.layout_mode = "{0,1}"},
                         %arg2: tensor<8x4xf32> {jax.buffer_donor = true},
                         %arg3: tensor<4x8xi32> {jax.buffer_donor = true})
      -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<32xf32>) {
    %0 = stablehlo.reshape %arg2 : (tensor<8x4xf32>) -> tensor<32xf32>
    return %arg0, %arg1, %0 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<32xf32>
  }
}
