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

// The run writes the module in every mode, so each RUN line names an
// encoding that can state pairs of other types (mhlo.result_alias cannot:
// see WRITE below).
// RUN: mhlo-alias --passes=optimize_input_output_buffer_alias --emit=tf --print-config %s | FileCheck %s
// RUN: mhlo-alias --passes=xla-buffer-donation --emit=tf --print-config %s | FileCheck %s
// RUN: mhlo-alias --passes=xla-buffer-donation,xla-buffer-donation --emit=tf --print-config %s | FileCheck %s
// RUN: mhlo-alias "--passes=optimize_input_output_buffer_alias{registered-donors-only=true}" --emit=tf --print-config %s | FileCheck %s
// RUN: mhlo-alias "--passes=xla-buffer-donation{registered-donors-only=false}" --emit=tf --print-config %s | FileCheck %s --check-prefix=ANY
// RUN: mhlo-alias "--passes=xla-buffer-donation{registered-donors-only}" --emit=tf --print-config=short %s | FileCheck %s --check-prefix=SHORT
// RUN: not mhlo-alias --passes=xla-buffer-donation %s 2>&1 | FileCheck %s --check-prefix=WRITE --implicit-check-not=return
// RUN: mhlo-alias --passes=xla-buffer-donation --emit=tf %s | FileCheck %s --check-prefix=TF
// RUN: not mhlo-alias --passes=xla-buffer-donation,alias-to-must-alias --verify-each=false --emit=tf %s 2>&1 | FileCheck %s --check-prefix=PROMOTED

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

// Written back in the default encoding: MHLO's verifier of
// mhlo.result_alias rejects an alias whose types are not compatible, so
// the pairs of other shapes are errors at their donors and nothing is
// written; tf.aliasing_output states them.
// WRITE: {{^}}{{.*}}xla-donation-basic.mlir:[[#@LINE+11]]:67: error: argument 1 ('tensor<16xf32>') is aliased with output index {3} ('tensor<2x8xf32>'); mhlo.result_alias states only aliases of compatible types: use --emit=module or --emit=tf{{$}}
// WRITE: {{^}}{{.*}}xla-donation-basic.mlir:[[#@LINE+10]]:138: error: argument 3 ('tensor<4x8xf32>') is aliased with output index {1} ('tensor<32xi32>'); mhlo.result_alias states only aliases of compatible types: use --emit=module or --emit=tf{{$}}
// TF:      func.func @main(%arg0: tensor<4x8xf32> {tf.aliasing_output = 0 : i32}, %arg1: tensor<16xf32> {tf.aliasing_output = 3 : i32}, %arg2: tensor<8xi32>, %arg3: tensor<4x8xf32> {tf.aliasing_output = 1 : i32}) -> (tensor<4x8xf32>, tensor<32xi32>, tensor<8xi32>, tensor<2x8xf32>) {
// TF-NEXT:   return %arg0, %arg3, %arg2, %arg1 : tensor<4x8xf32>, tensor<32xi32>, tensor<8xi32>, tensor<2x8xf32>

// Pairs of other shapes are may-aliases for a reason: promoting them to
// must-aliases fails XLA's verifier (the same shape, layout and memory
// space), in the final verification, which names the passes that ran.
// PROMOTED: error: after passes optimize_input_output_buffer_alias, aws_neuron_alias_to_must_alias: Shape and memory space of the result at index {1} (s32[32]{0}) must be the same as the shape and memory spaceof aliased parameter 3 at index {} (f32[4,8]{1,0})
// PROMOTED: error: after passes optimize_input_output_buffer_alias, aws_neuron_alias_to_must_alias: Shape and memory space of the result at index {3} (f32[2,8]{1,0}) must be the same as the shape and memory spaceof aliased parameter 1 at index {} (f32[16]{0})

func.func @main(%arg0: tensor<4x8xf32> {jax.buffer_donor = true}, %arg1: tensor<16xf32> {jax.buffer_donor = true}, %arg2: tensor<8xi32>, %arg3: tensor<4x8xf32> {jax.buffer_donor = true}) -> (tensor<4x8xf32>, tensor<32xi32>, tensor<8xi32>, tensor<2x8xf32>) {
  return %arg0, %arg3, %arg2, %arg1 : tensor<4x8xf32>, tensor<32xi32>, tensor<8xi32>, tensor<2x8xf32>
}
