// Type aliases (!name = type), also chained and inside tuples, are
// resolved before the types are read.

// RUN: mhlo-alias --print-config %s | FileCheck %s

// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: (token[], bf16[64,64], (bf16[64,64], u8[2]))
// CHECK-NEXT:   OutputIndex {1} is must-aliased with parameter 1 at {}:
// CHECK-NEXT:   OutputIndex {2,0} is may-aliased with parameter 2 at {0}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-EMPTY:

!state = tensor<64x64xbf16>
!token = !stablehlo.token
!state_alias = !state
!pair = tuple<!state_alias, tensor<2xui8>>

func.func @main(%arg0: !token, %arg1: !state {mhlo.result_alias = #mhlo.result_alias<result_index = [1], must_alias>}, %arg2: !pair {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [0], result_index = [2, 0]>}) -> (!token, !state_alias, !pair) {
  return %arg0, %arg1, %arg2 : !token, !state, !pair
}
