// Two arguments sharded [{"x"}, {}] on a 2-device Shardy mesh, the first
// donated and paired by JAX (tf.aliasing_output), after jax-ml/jax
// tests/pjit_test.py testBufferDonation; the mesh op in the generic form
// that mlir-opt prints without the sdy dialect. Written for this
// repository; see MANIFEST.md and EXPECTED.md.
module @jit_f attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  "sdy.mesh"() <{mesh = #sdy.mesh<["x"=2]>, sym_name = "mesh"}> : () -> ()
  func.func public @main(%arg0: tensor<2x5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>, tf.aliasing_output = 0 : i32}, %arg1: tensor<2x5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<2x5xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<2x5xf32>, tensor<2x5xf32>) -> tensor<2x5xf32>
    return %0 : tensor<2x5xf32>
  }
}
