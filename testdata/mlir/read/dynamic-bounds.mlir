// Dynamic dimensions print as ?, bounded ones as <=N, from MHLO's
// #mhlo.type_extensions<bounds = [...]> and StableHLO's #stablehlo.bounds<...>;
// a must-alias between a bounded and the same bounded type is read as is.

// RUN: mhlo-alias --print-config %s | FileCheck %s

// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: (f32[<=8,16], f32[?,?], s32[<=4])
// CHECK-NEXT:   OutputIndex {0} is must-aliased with parameter 0 at {}:
// CHECK-NEXT:   OutputIndex {1} is may-aliased with parameter 2 at {}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-NEXT:   Parameter 1 at {} is registered as a buffer donor.
// CHECK-EMPTY:

func.func @main(%arg0: tensor<?x16xf32, #mhlo.type_extensions<bounds = [8, ?]>> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}, %arg1: tensor<?xi32, #stablehlo.bounds<4>> {jax.buffer_donor = true}, %arg2: tensor<?x?xf32> {tf.aliasing_output = 1 : i32}) -> (tensor<?x16xf32, #mhlo.type_extensions<bounds = [8, ?]>>, tensor<?x?xf32>, tensor<?xi32, #stablehlo.bounds<4>>) {
  return %arg0, %arg2, %arg1 : tensor<?x16xf32, #mhlo.type_extensions<bounds = [8, ?]>>, tensor<?x?xf32>, tensor<?xi32, #stablehlo.bounds<4>>
}
