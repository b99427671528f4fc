// jax-ml/jax#25346 as JAX lowered it in late 2024: the donated argument is
// aliased (tf.aliasing_output) to a result whose sharding is unspecified.
// Written for this repository; see MANIFEST.md and EXPECTED.md.
module @jit_f attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xi32> {mhlo.layout_mode = "default", tf.aliasing_output = 0 : i32}, %arg1: tensor<16xi32> {mhlo.layout_mode = "default"}) -> (tensor<16xi32> {jax.result_info = "[0]", mhlo.layout_mode = "default"}, tensor<16xi32> {jax.result_info = "[1]", mhlo.layout_mode = "default", mhlo.sharding = "{devices=[2]<=[2]}"}) {
    %0 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<16xi32>
    %2 = "stablehlo.add"(%arg0, %1) : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi32>
    %3 = "stablehlo.custom_call"(%2) <{backend_config = "", call_target_name = "Sharding"}> {mhlo.sharding = "{devices=[2]<=[2]}"} : (tensor<16xi32>) -> tensor<16xi32>
    return %3, %arg1 : tensor<16xi32>, tensor<16xi32>
  }
}
