module @jit_step {
  func.func public @main(%arg0: tensor<4xf32> {jax.arg_info = "params", mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}, %arg1: tensor<4xf32> {jax.arg_info = "batch"}) -> (tensor<4xf32> {jax.result_info = "[0]"}, tensor<4xf32> {jax.result_info = "[1]"}) {
    return %arg0, %arg1 : tensor<4xf32>, tensor<4xf32>
  }
}
