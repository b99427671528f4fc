// Dynamic and bounded dimensions, in MHLO's and StableHLO's encodings.
module @dynamic {
  func.func @main(%arg0: tensor<?x16xf32, #mhlo.type_extensions<bounds = [8, ?]>> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}, %arg1: tensor<?xi32, #stablehlo.bounds<4>> {jax.buffer_donor = true}, %arg2: tensor<?x?xf32>) -> (tensor<?x16xf32, #mhlo.type_extensions<bounds = [8, ?]>>, tensor<?x?xf32>, tensor<4xi32>) {
    %0 = "stablehlo.constant"() {value = dense<1> : tensor<4xi32>} : () -> tensor<4xi32>
    return %arg0, %arg2, %0 : tensor<?x16xf32, #mhlo.type_extensions<bounds = [8, ?]>>, tensor<?x?xf32>, tensor<4xi32>
  }
}
