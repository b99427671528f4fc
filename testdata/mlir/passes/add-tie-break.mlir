// Discovery tie-break and consume-on-match (decisions.md, "The passes":
// each output array leaf without an alias takes the lowest-numbered
// parameter with an identical key that is not yet aliased and not yet taken
// in this run). Outputs are visited in pre-order, so the first f32[3] output
// gets the lowest f32[3] parameter, the next one the next, and so on; an
// output left over when every equal parameter is taken stays unaliased.

// RUN: mhlo-alias --passes=add-may-aliases --print-config %s | FileCheck %s
// RUN: mhlo-alias --passes=add-must-aliases --print-config=short %s | FileCheck %s --check-prefix=SHORT

// Parameters: 0 s32[3], 1 f32[3], 2 s32[3], 3 f32[3], 4 f32[3].
// Outputs: {0} f32[3] -> 1, {1} s32[3] -> 0, {2} f32[3] -> 3,
// {3} s32[3] -> 2, {4} s32[3] -> none (both s32[3] taken), {5} f32[3] -> 4.
// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: (f32[3], s32[3], f32[3], s32[3], s32[3], f32[3])
// CHECK-NEXT:   OutputIndex {0} is may-aliased with parameter 1 at {}:
// CHECK-NEXT:   OutputIndex {1} is may-aliased with parameter 0 at {}:
// CHECK-NEXT:   OutputIndex {2} is may-aliased with parameter 3 at {}:
// CHECK-NEXT:   OutputIndex {3} is may-aliased with parameter 2 at {}:
// CHECK-NEXT:   OutputIndex {5} is may-aliased with parameter 4 at {}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-EMPTY:

// SHORT: {{^}}input_output_alias={ {0}: (1, {}, must-alias), {1}: (0, {}, must-alias), {2}: (3, {}, must-alias), {3}: (2, {}, must-alias), {5}: (4, {}, must-alias) }{{$}}

func.func @main(%arg0: tensor<3xi32>, %arg1: tensor<3xf32>, %arg2: tensor<3xi32>, %arg3: tensor<3xf32>, %arg4: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xi32>, tensor<3xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xf32>) {
  return %arg1, %arg0, %arg3, %arg2, %arg2, %arg4 : tensor<3xf32>, tensor<3xi32>, tensor<3xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xf32>
}
