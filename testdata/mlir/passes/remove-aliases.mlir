// remove-aliases: every output loses its alias, whatever its kind and
// whichever encoding introduced it; buffer donors are left alone; the result
// shape is kept, so a later add-* pass still has outputs to pair
// (decisions.md, "The passes"; the compiler itself empties the shape, see
// docs/passes.md).

// RUN: mhlo-alias --passes=remove-aliases --print-config %s | FileCheck %s
// RUN: mhlo-alias --passes=remove-aliases --print-config=short %s | FileCheck %s --check-prefix=SHORT
// RUN: mhlo-alias --passes=remove-aliases,add-may-aliases --print-config %s | FileCheck %s --check-prefix=READD
// RUN: mhlo-alias --passes=remove-aliases,add-must-aliases --print-config=short %s | FileCheck %s --check-prefix=READD-MUST

// Read: {0} <- (2, {}) may (tf.aliasing_output), {1} <- (0, {}) must
// (mhlo.result_alias), donor (1, {}). All aliases go, the donor stays, and
// the output shape is still the three-element tuple.
// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: (f32[2,3], f32[2,3], s32[4])
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-NEXT:   Parameter 1 at {} is registered as a buffer donor.
// CHECK-EMPTY:

// The short form leaves out an empty input_output_alias field, as an HLO
// module header does.
// SHORT: {{^}}buffer_donor={ (1, {}) }{{$}}

// Pipeline remove-aliases then add-may-aliases: discovery runs on the kept
// shape. {0} and {1} (f32[2,3]{1,0}) take parameters 0 and 2, lowest first;
// {2} (s32[4]{0}) takes parameter 1, which was a donor and so stops being
// one. The old pairing ({0} <- 2, {1} <- 0, must) is not restored.
// READD:      HloInputOutputAliasConfig
// READD-NEXT:   Output shape: (f32[2,3], f32[2,3], s32[4])
// READD-NEXT:   OutputIndex {0} is may-aliased with parameter 0 at {}:
// READD-NEXT:   OutputIndex {1} is may-aliased with parameter 2 at {}:
// READD-NEXT:   OutputIndex {2} is may-aliased with parameter 1 at {}:
// READD-NEXT: HloBufferDonorConfig
// READD-EMPTY:

// READD-MUST: {{^}}input_output_alias={ {0}: (0, {}, must-alias), {1}: (2, {}, must-alias), {2}: (1, {}, must-alias) }{{$}}

func.func @main(%arg0: tensor<2x3xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [1], must_alias>}, %arg1: tensor<4xi32> {jax.buffer_donor = true}, %arg2: tensor<2x3xf32> {tf.aliasing_output = 0 : i32}) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<4xi32>) {
  return %arg2, %arg0, %arg1 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<4xi32>
}
