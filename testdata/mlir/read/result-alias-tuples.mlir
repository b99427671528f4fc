// mhlo.result_alias on tuple arguments and tuple results: tuple_indices is
// the path into the argument (parameter i at that index), and result_index
// holds the result number followed by the path into that result.

// RUN: mhlo-alias --print-config %s | FileCheck %s

// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: (f32[16], (s32[8], (f16[2])))
// CHECK-NEXT:   OutputIndex {0} is may-aliased with parameter 1 at {}:
// CHECK-NEXT:   OutputIndex {1,0} is must-aliased with parameter 0 at {1}:
// CHECK-NEXT:   OutputIndex {1,1,0} is may-aliased with parameter 2 at {1,0}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-EMPTY:

func.func @main(%arg0: tuple<tensor<16xf32>, tensor<8xi32>> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [1], result_index = [1, 0], must_alias>}, %arg1: tensor<16xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}, %arg2: tuple<tensor<4xbf16>, tuple<tensor<2xf16>>> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [1, 0], result_index = [1, 1, 0]>}) -> (tensor<16xf32>, tuple<tensor<8xi32>, tuple<tensor<2xf16>>>) {
  %0 = "test.make"(%arg0, %arg2) : (tuple<tensor<16xf32>, tensor<8xi32>>, tuple<tensor<4xbf16>, tuple<tensor<2xf16>>>) -> tuple<tensor<8xi32>, tuple<tensor<2xf16>>>
  return %arg1, %0 : tensor<16xf32>, tuple<tensor<8xi32>, tuple<tensor<2xf16>>>
}
