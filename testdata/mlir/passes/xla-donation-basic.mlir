// optimize_input_output_buffer_alias (xla-buffer-donation), XLA's own
// donation pass as the CPU and GPU compilers run it (decisions.md,
// "Upstream's donation pass, and pass options"; upstream.md section 1):
// donors and unaliased outputs are paired by byte size alone, largest
// first, with two cursors; the pairs become may-aliases and the donors are
// consumed. Element type, dims and layout order do not matter.
//
// Donors: 0 f32[4,8] (128 bytes), 1 f32[16] (64), 3 f32[4,8] (128);
// parameter 2 s32[8] (32) is no donor. Outputs: {0} f32[4,8] (128),
// {1} s32[32] (128), {2} s32[8] (32), {3} f32[2,8] (64). Sorted largest
// first, ties in parameter and pre-order: donors 0, 3, 1; outputs {0}, {1},
// {3}, {2}.

// RUN: mhlo-alias --passes=optimize_input_output_buffer_alias --print-config %s | FileCheck %s
// RUN: mhlo-alias --passes=xla-buffer-donation --print-config %s | FileCheck %s
// RUN: mhlo-alias --passes=xla-buffer-donation,xla-buffer-donation --print-config %s | FileCheck %s
// RUN: mhlo-alias "--passes=optimize_input_output_buffer_alias{registered-donors-only=true}" --print-config %s | FileCheck %s
// RUN: mhlo-alias "--passes=xla-buffer-donation{registered-donors-only=false}" --print-config %s | FileCheck %s --check-prefix=ANY
// RUN: mhlo-alias "--passes=xla-buffer-donation{registered-donors-only}" --print-config=short %s | FileCheck %s --check-prefix=SHORT
// RUN: mhlo-alias --passes=xla-buffer-donation %s | FileCheck %s --check-prefix=WRITE
// RUN: not mhlo-alias --passes=xla-buffer-donation,alias-to-must-alias --verify-each=false %s 2>&1 | FileCheck %s --check-prefix=PROMOTED

// 0 takes {0}, 3 takes {1} (an s32[32] of the same 128 bytes), 1 takes {3}
// (f32[2,8], 64 bytes); every donor is consumed. A second run finds
// nothing left to pair.
// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: (f32[4,8], s32[32], s32[8], f32[2,8])
// CHECK-NEXT:   OutputIndex {0} is may-aliased with parameter 0 at {}:
// CHECK-NEXT:   OutputIndex {1} is may-aliased with parameter 3 at {}:
// CHECK-NEXT:   OutputIndex {3} is may-aliased with parameter 1 at {}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-EMPTY:

// registered-donors-only=false: every unaliased parameter leaf is a
// donor, so parameter 2 takes {2} as well.
// ANY:      HloInputOutputAliasConfig
// ANY-NEXT:   Output shape: (f32[4,8], s32[32], s32[8], f32[2,8])
// ANY-NEXT:   OutputIndex {0} is may-aliased with parameter 0 at {}:
// ANY-NEXT:   OutputIndex {1} is may-aliased with parameter 3 at {}:
// ANY-NEXT:   OutputIndex {2} is may-aliased with parameter 2 at {}:
// ANY-NEXT:   OutputIndex {3} is may-aliased with parameter 1 at {}:
// ANY-NEXT: HloBufferDonorConfig
// ANY-EMPTY:

// A boolean option written without a value is true.
// SHORT: {{^}}input_output_alias={ {0}: (0, {}, may-alias), {1}: (3, {}, may-alias), {3}: (1, {}, may-alias) }{{$}}

// Written back: each donor's jax.buffer_donor becomes its mhlo.result_alias.
// WRITE:      func.func @main(%arg0: tensor<4x8xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}, %arg1: tensor<16xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [3]>}, %arg2: tensor<8xi32>, %arg3: tensor<4x8xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [1]>}) -> (tensor<4x8xf32>, tensor<32xi32>, tensor<8xi32>, tensor<2x8xf32>) {
// WRITE-NEXT:   return %arg0, %arg3, %arg2, %arg1 : tensor<4x8xf32>, tensor<32xi32>, tensor<8xi32>, tensor<2x8xf32>

// Pairs of other element types are may-aliases for a reason: promoting
// them to must-aliases fails MHLO's type rule, in the final verification.
// PROMOTED: error: must-alias of output index {1} and parameter 3 at {} does not have compatible types, 'tensor<4x8xf32>' vs. 'tensor<32xi32>'

func.func @main(%arg0: tensor<4x8xf32> {jax.buffer_donor = true}, %arg1: tensor<16xf32> {jax.buffer_donor = true}, %arg2: tensor<8xi32>, %arg3: tensor<4x8xf32> {jax.buffer_donor = true}) -> (tensor<4x8xf32>, tensor<32xi32>, tensor<8xi32>, tensor<2x8xf32>) {
  return %arg0, %arg3, %arg2, %arg1 : tensor<4x8xf32>, tensor<32xi32>, tensor<8xi32>, tensor<2x8xf32>
}
