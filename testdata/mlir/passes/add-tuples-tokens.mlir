// Discovery only pairs arrays (decisions.md, "The passes": tuple and token
// outputs and tuple parameters never match; docs/passes.md, "Discovery
// keys"). Array leaves inside a tuple output do take part, visited in
// pre-order, but a tuple parameter is keyed by its whole shape and never
// matches, not even a tuple output that prints the same "(f32[4]{0})"
// (the compiler would pair those; the contract rules it out). Two tokens
// never pair either.

// RUN: mhlo-alias --passes=add-may-aliases --print-config %s | FileCheck %s
// RUN: mhlo-alias --passes=add-must-aliases --print-config=short %s | FileCheck %s --check-prefix=SHORT

// Parameters: 0 (f32[4]) tuple, 1 token, 2 f32[4], 3 (f32[4]) tuple.
// Pre-order: {0} tuple skipped; {0,0} f32[4] takes 2 (it comes before {2});
// {1} token skipped; {2} f32[4] finds nothing (only tuples left);
// {3}, {3,0}, {3,1} nothing.
// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: ((f32[4]), token[], f32[4], (f32[4], f32[4]))
// CHECK-NEXT:   OutputIndex {0,0} is may-aliased with parameter 2 at {}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-EMPTY:

// SHORT: {{^}}input_output_alias={ {0,0}: (2, {}, must-alias) }{{$}}

func.func @main(%arg0: tuple<tensor<4xf32>>, %arg1: !mhlo.token, %arg2: tensor<4xf32>, %arg3: tuple<tensor<4xf32>>) -> (tuple<tensor<4xf32>>, !mhlo.token, tensor<4xf32>, tuple<tensor<4xf32>, tensor<4xf32>>) {
  %0 = "mhlo.tuple"(%arg2, %arg2) : (tensor<4xf32>, tensor<4xf32>) -> tuple<tensor<4xf32>, tensor<4xf32>>
  return %arg0, %arg1, %arg2, %0 : tuple<tensor<4xf32>>, !mhlo.token, tensor<4xf32>, tuple<tensor<4xf32>, tensor<4xf32>>
}
