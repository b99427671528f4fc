// Nested tuple types, the empty tuple, and both token types
// (!mhlo.token, !stablehlo.token) as parameters and results.

// RUN: mhlo-alias --print-config %s | FileCheck %s

// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: (token[], (f32[2], (token[], s32[])), ())
// CHECK-NEXT:   OutputIndex {1,1,1} is may-aliased with parameter 1 at {1,1}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-EMPTY:

func.func @main(%arg0: !mhlo.token, %arg1: tuple<tensor<2xf32>, tuple<!stablehlo.token, tensor<i32>>> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [1, 1], result_index = [1, 1, 1]>}, %arg2: tuple<>) -> (!stablehlo.token, tuple<tensor<2xf32>, tuple<!mhlo.token, tensor<i32>>>, tuple<>) {
  %0 = "test.op"(%arg1) : (tuple<tensor<2xf32>, tuple<!stablehlo.token, tensor<i32>>>) -> tuple<tensor<2xf32>, tuple<!mhlo.token, tensor<i32>>>
  %1 = "test.token"(%arg0) : (!mhlo.token) -> !stablehlo.token
  return %1, %0, %arg2 : !stablehlo.token, tuple<tensor<2xf32>, tuple<!mhlo.token, tensor<i32>>>, tuple<>
}
