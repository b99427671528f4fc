// A donated argument and its result on a 2x2 Shardy mesh, both sharded
// [{"x"}, {"y"}]: JAX pairs them itself (tf.aliasing_output), after
// jax-ml/jax tests/layout_test.py test_layout_donation_with_default_layout.
// Written for this repository; see MANIFEST.md and EXPECTED.md.
module @jit_f attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]>
  func.func public @main(%arg0: tensor<16x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>, tf.aliasing_output = 0 : i32}) -> (tensor<16x16xi32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
    %0 = "stablehlo.constant"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<16x16xi32>
    %2 = "stablehlo.multiply"(%arg0, %1) : (tensor<16x16xi32>, tensor<16x16xi32>) -> tensor<16x16xi32>
    return %2 : tensor<16x16xi32>
  }
}
