// The discovery key is the whole printed shape: element type, dims, dynamic
// (and bounded) dims and layout (decisions.md, "The passes"; family spec
// NOTE on passes 45/46). A static dim never pairs with a dynamic one, `?`
// never with a bound `<=8`, and element types must be the same type, not
// just the same width (s32 vs u32, f16 vs bf16).

// RUN: mhlo-alias --passes=add-may-aliases --print-config %s | FileCheck %s

// Parameters: 0 f32[?], 1 f32[4], 2 f32[?,?], 3 f32[?,4], 4 f32[<=8].
// Outputs: {0} f32[4] -> 1; {1} f32[?] -> 0; {2} f32[4,?] -> none;
// {3} f32[?,4] -> 3; {4} f32[8] -> none; {5} f32[<=8] -> 4;
// {6} f32[?] -> none (0 is taken; 4 is bounded).
// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: (f32[4], f32[?], f32[4,?], f32[?,4], f32[8], f32[<=8], f32[?])
// CHECK-NEXT:   OutputIndex {0} is may-aliased with parameter 1 at {}:
// CHECK-NEXT:   OutputIndex {1} is may-aliased with parameter 0 at {}:
// CHECK-NEXT:   OutputIndex {3} is may-aliased with parameter 3 at {}:
// CHECK-NEXT:   OutputIndex {5} is may-aliased with parameter 4 at {}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-EMPTY:

// RUN: mhlo-alias --entry=types --passes=add-must-aliases --print-config %s | FileCheck %s --check-prefix=TYPES

// Parameters: 0 s32[4], 1 u32[4], 2 bf16[4], 3 f16[4], 4 pred[4],
// 5 c64[2]. The outputs list the same types in reverse and pair one to one;
// the last output, f32[4], has no parameter of its type.
// TYPES:      HloInputOutputAliasConfig
// TYPES-NEXT:   Output shape: (c64[2], pred[4], f16[4], bf16[4], u32[4], s32[4], f32[4])
// TYPES-NEXT:   OutputIndex {0} is must-aliased with parameter 5 at {}:
// TYPES-NEXT:   OutputIndex {1} is must-aliased with parameter 4 at {}:
// TYPES-NEXT:   OutputIndex {2} is must-aliased with parameter 3 at {}:
// TYPES-NEXT:   OutputIndex {3} is must-aliased with parameter 2 at {}:
// TYPES-NEXT:   OutputIndex {4} is must-aliased with parameter 1 at {}:
// TYPES-NEXT:   OutputIndex {5} is must-aliased with parameter 0 at {}:
// TYPES-NEXT: HloBufferDonorConfig
// TYPES-EMPTY:

func.func @main(%arg0: tensor<?xf32>, %arg1: tensor<4xf32>, %arg2: tensor<?x?xf32>, %arg3: tensor<?x4xf32>, %arg4: tensor<?xf32, #mhlo.type_extensions<bounds = [8]>>) -> (tensor<4xf32>, tensor<?xf32>, tensor<4x?xf32>, tensor<?x4xf32>, tensor<8xf32>, tensor<?xf32, #mhlo.type_extensions<bounds = [8]>>, tensor<?xf32>) {
  %0 = "test.op"() : () -> tensor<4x?xf32>
  %1 = "test.op"() : () -> tensor<8xf32>
  return %arg1, %arg0, %0, %arg3, %1, %arg4, %arg0 : tensor<4xf32>, tensor<?xf32>, tensor<4x?xf32>, tensor<?x4xf32>, tensor<8xf32>, tensor<?xf32, #mhlo.type_extensions<bounds = [8]>>, tensor<?xf32>
}

func.func @types(%arg0: tensor<4xi32>, %arg1: tensor<4xui32>, %arg2: tensor<4xbf16>, %arg3: tensor<4xf16>, %arg4: tensor<4xi1>, %arg5: tensor<2xcomplex<f32>>) -> (tensor<2xcomplex<f32>>, tensor<4xi1>, tensor<4xf16>, tensor<4xbf16>, tensor<4xui32>, tensor<4xi32>, tensor<4xf32>) {
  %0 = "test.op"() : () -> tensor<4xf32>
  return %arg5, %arg4, %arg3, %arg2, %arg1, %arg0, %0 : tensor<2xcomplex<f32>>, tensor<4xi1>, tensor<4xf16>, tensor<4xbf16>, tensor<4xui32>, tensor<4xi32>, tensor<4xf32>
}
