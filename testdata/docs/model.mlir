module @jit_train_step {
  func.func public @main(%arg0: tensor<4x8xf32> {jax.buffer_donor = true}, %arg1: tensor<8xf32> {tf.aliasing_output = 1 : i32}, %arg2: tensor<16xf32>) -> (tensor<4x8xf32>, tensor<8xf32>, tensor<16xf32>) {
    return %arg0, %arg1, %arg2 : tensor<4x8xf32>, tensor<8xf32>, tensor<16xf32>
  }
  func.func public @forward(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
    return %arg0 : tensor<2xf32>
  }
}
