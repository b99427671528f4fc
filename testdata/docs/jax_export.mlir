module @jit_update attributes {mhlo.num_partitions = 1 : i32} {
  func.func public @main(%arg0: tensor<4xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}, %arg1: tensor<4xf32>) -> (tensor<4xf32> {jax.result_info = "[0]"}, tensor<4xf32> {jax.result_info = "[1]"}) {
    return %arg0, %arg1 : tensor<4xf32>, tensor<4xf32>
  }
}
