module @gpt_bs1 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xf32> {jax.arg_info = "x", jax.buffer_donor = true, mhlo.sharding = "{replicated}"}, %arg1: tensor<3x4xf32> {jax.arg_info = "inputs['attention_mask']", mhlo.sharding = "{replicated}", tf.aliasing_output = 0 : i32}) -> (tensor<3x4xf32> {jax.result_info = ""}) {
    return %arg1 : tensor<3x4xf32>
  }
}
