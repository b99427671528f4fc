module @jit_step attributes {mhlo.num_partitions = 2 : i32} {
  sdy.mesh @mesh = <["x"=2]>
  func.func public @main(%arg0: tensor<16xf32> {jax.buffer_donor = true, mhlo.sharding = "{devices=[2]<=[2]}"},
                         %arg1: tensor<8x4xf32> {jax.buffer_donor = true, sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>})
      -> (tensor<16xf32> {mhlo.sharding = "{devices=[2]<=[2]}"}, tensor<8xf32>) {
    %0 = "test.op"() : () -> tensor<8xf32>
    return %arg0, %0 : tensor<16xf32>, tensor<8xf32>
  }
}
