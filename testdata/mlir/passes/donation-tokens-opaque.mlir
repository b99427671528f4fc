// Only arrays take part in donation: token and opaque outputs (an unknown
// type is kept as an opaque, non-array leaf, decisions.md "Reading a
// module", printed "opaque[]") are neither candidates nor subject to the
// layout check (the token output below is marked "auto"), and
// tuple nodes are only walked through (decisions.md, "The passes": "the
// first unaliased output array leaf"). The same holds for discovery.

// RUN: mhlo-alias --passes=buffer-donation-to-alias --print-config %s | FileCheck %s
// RUN: mhlo-alias --passes=add-may-aliases --print-config=short %s | FileCheck %s --check-prefix=ADD

// Donor 0 (f32[2]{0}) walks {0} token, {1} opaque, {2} tuple, and takes
// {2,0}; donor 3 (f32[2]{0}) takes {3}. The token and opaque parameters 1
// and 2 are not donors and are never paired.
// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: (token[], opaque[], (f32[2]), f32[2])
// CHECK-NEXT:   OutputIndex {2,0} is may-aliased with parameter 0 at {}:
// CHECK-NEXT:   OutputIndex {3} is may-aliased with parameter 3 at {}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-EMPTY:

// Discovery: {2,0} takes parameter 0, {3} takes parameter 3; the token
// output does not take the token parameter, nor the opaque output the
// opaque parameter of the same type. Both donors are consumed.
// ADD: {{^}}input_output_alias={ {2,0}: (0, {}, may-alias), {3}: (3, {}, may-alias) }{{$}}

func.func @main(%arg0: tensor<2xf32> {jax.buffer_donor = true}, %arg1: !stablehlo.token, %arg2: !foo.handle, %arg3: tensor<2xf32> {jax.buffer_donor = true}) -> (!stablehlo.token {mhlo.layout_mode = "auto"}, !foo.handle, tuple<tensor<2xf32>>, tensor<2xf32>) {
  %0 = "mhlo.tuple"(%arg0) : (tensor<2xf32>) -> tuple<tensor<2xf32>>
  return %arg1, %arg2, %0, %arg3 : !stablehlo.token, !foo.handle, tuple<tensor<2xf32>>, tensor<2xf32>
}
