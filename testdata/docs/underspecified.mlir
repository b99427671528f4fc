module @jit_f attributes {mhlo.num_partitions = 2 : i32} {
  func.func public @main(%arg0: tensor<16xi32> {tf.aliasing_output = 0 : i32}) -> (tensor<16xi32>, tensor<16xi32> {mhlo.sharding = "{devices=[2]<=[2]}"}) {
    %0 = "test.op"() : () -> tensor<16xi32>
    return %arg0, %0 : tensor<16xi32>, tensor<16xi32>
  }
}
