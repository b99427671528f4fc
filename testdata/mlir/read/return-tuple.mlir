// --return-tuple makes a single result a one-element tuple, so output
// indices gain a leading 0; without it the single result is the output.

// RUN: mhlo-alias --print-config %s | FileCheck %s
// RUN: mhlo-alias --return-tuple --print-config %s | FileCheck %s --check-prefix=TUPLE

// CHECK:      Output shape: (f32[10], s32[])
// CHECK-NEXT:   OutputIndex {0} is must-aliased with parameter 0 at {0}:
// CHECK-NEXT:   OutputIndex {1} is may-aliased with parameter 1 at {}:

// TUPLE:      Output shape: ((f32[10], s32[]))
// TUPLE-NEXT:   OutputIndex {0,0} is must-aliased with parameter 0 at {0}:
// TUPLE-NEXT:   OutputIndex {0,1} is may-aliased with parameter 1 at {}:

func.func @main(%arg0: tuple<tensor<10xf32>> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [0], result_index = [0, 0], must_alias>}, %arg1: tensor<i32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0, 1]>}) -> tuple<tensor<10xf32>, tensor<i32>> {
  %0 = "test.op"(%arg0, %arg1) : (tuple<tensor<10xf32>>, tensor<i32>) -> tuple<tensor<10xf32>, tensor<i32>>
  return %0 : tuple<tensor<10xf32>, tensor<i32>>
}
