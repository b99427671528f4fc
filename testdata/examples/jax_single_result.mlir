// A single result: tf.aliasing_output must be 0 and the output index is {}.
module @jit_update {
  func.func public @main(%arg0: tensor<4x4xf32> {tf.aliasing_output = 0 : i32}, %arg1: tensor<4x4xf32>) -> (tensor<4x4xf32> {jax.result_info = ""}) {
    %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    return %0 : tensor<4x4xf32>
  }
}
