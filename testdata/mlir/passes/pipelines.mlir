// Passes run in the order given, each on the previous one's result
// (decisions.md, "The command line"), and the order changes the result.
// Read: {1} <- (0, {}) must (mhlo.result_alias), donor (1, {}).
// Parameters 0 and 1 are f32[4]{0}, parameter 2 is s32[2]{0}; outputs {0}
// and {1} are f32[4]{0}, {2} is s32[2]{0}.

// RUN: mhlo-alias --passes=buffer-donation-to-alias,add-must-aliases --print-config %s | FileCheck %s --check-prefix=DONATE-ADD
// RUN: mhlo-alias --passes=add-must-aliases,buffer-donation-to-alias --print-config %s | FileCheck %s --check-prefix=ADD-DONATE
// RUN: mhlo-alias --passes=remove-aliases,add-may-aliases --print-config %s | FileCheck %s --check-prefix=REMOVE-ADD
// RUN: mhlo-alias --passes=remove-aliases,add-may-aliases,flip-may-aliases --print-config=short %s | FileCheck %s --check-prefix=REMOVE-ADD-FLIP
// RUN: mhlo-alias --passes=remove-aliases,buffer-donation-to-alias,add-may-aliases,alias-to-must-alias --print-config %s | FileCheck %s --check-prefix=FULL
// RUN: mhlo-alias --passes=flip-must-aliases,add-must-aliases --print-config %s | FileCheck %s --check-prefix=FLIP-ADD
// RUN: mhlo-alias --passes=add-may-aliases,remove-aliases --print-config %s | FileCheck %s --check-prefix=ADD-REMOVE

// Donation first: donor 1 takes {0}, the first unaliased f32[4] output, as
// a may-alias. Then discovery pairs {2} with parameter 2 as must.
// DONATE-ADD:      HloInputOutputAliasConfig
// DONATE-ADD-NEXT:   Output shape: (f32[4], f32[4], s32[2])
// DONATE-ADD-NEXT:   OutputIndex {0} is may-aliased with parameter 1 at {}:
// DONATE-ADD-NEXT:   OutputIndex {1} is must-aliased with parameter 0 at {}:
// DONATE-ADD-NEXT:   OutputIndex {2} is must-aliased with parameter 2 at {}:
// DONATE-ADD-NEXT: HloBufferDonorConfig
// DONATE-ADD-EMPTY:

// Discovery first: {0} takes parameter 1 as must (parameter 0 is aliased),
// removing its donor registration, so donation has nothing left to do.
// ADD-DONATE:      HloInputOutputAliasConfig
// ADD-DONATE-NEXT:   Output shape: (f32[4], f32[4], s32[2])
// ADD-DONATE-NEXT:   OutputIndex {0} is must-aliased with parameter 1 at {}:
// ADD-DONATE-NEXT:   OutputIndex {1} is must-aliased with parameter 0 at {}:
// ADD-DONATE-NEXT:   OutputIndex {2} is must-aliased with parameter 2 at {}:
// ADD-DONATE-NEXT: HloBufferDonorConfig
// ADD-DONATE-EMPTY:

// remove-aliases then add-may-aliases: a fresh discovery on the kept shape;
// {0} now takes parameter 0, {1} parameter 1 (no longer a donor).
// REMOVE-ADD:      HloInputOutputAliasConfig
// REMOVE-ADD-NEXT:   Output shape: (f32[4], f32[4], s32[2])
// REMOVE-ADD-NEXT:   OutputIndex {0} is may-aliased with parameter 0 at {}:
// REMOVE-ADD-NEXT:   OutputIndex {1} is may-aliased with parameter 1 at {}:
// REMOVE-ADD-NEXT:   OutputIndex {2} is may-aliased with parameter 2 at {}:
// REMOVE-ADD-NEXT: HloBufferDonorConfig
// REMOVE-ADD-EMPTY:

// REMOVE-ADD-FLIP: {{^}}input_output_alias={ {0}: (0, {}, must-alias), {1}: (1, {}, must-alias), {2}: (2, {}, must-alias) }{{$}}

// The compiler's whole staging: remove, donate (donor 1 -> {0}, may),
// discover ({1} -> parameter 0, {2} -> parameter 2, may), promote (all
// must).
// FULL:      HloInputOutputAliasConfig
// FULL-NEXT:   Output shape: (f32[4], f32[4], s32[2])
// FULL-NEXT:   OutputIndex {0} is must-aliased with parameter 1 at {}:
// FULL-NEXT:   OutputIndex {1} is must-aliased with parameter 0 at {}:
// FULL-NEXT:   OutputIndex {2} is must-aliased with parameter 2 at {}:
// FULL-NEXT: HloBufferDonorConfig
// FULL-EMPTY:

// flip-must-aliases demotes the read alias; add-must-aliases then adds
// must-aliases and leaves the demoted one may.
// FLIP-ADD:      HloInputOutputAliasConfig
// FLIP-ADD-NEXT:   Output shape: (f32[4], f32[4], s32[2])
// FLIP-ADD-NEXT:   OutputIndex {0} is must-aliased with parameter 1 at {}:
// FLIP-ADD-NEXT:   OutputIndex {1} is may-aliased with parameter 0 at {}:
// FLIP-ADD-NEXT:   OutputIndex {2} is must-aliased with parameter 2 at {}:
// FLIP-ADD-NEXT: HloBufferDonorConfig
// FLIP-ADD-EMPTY:

// remove-aliases after discovery clears everything, but the donor that
// discovery consumed does not come back (remove-aliases leaves donors
// alone).
// ADD-REMOVE:      HloInputOutputAliasConfig
// ADD-REMOVE-NEXT:   Output shape: (f32[4], f32[4], s32[2])
// ADD-REMOVE-NEXT: HloBufferDonorConfig
// ADD-REMOVE-EMPTY:

func.func @main(%arg0: tensor<4xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [1], must_alias>}, %arg1: tensor<4xf32> {jax.buffer_donor = true}, %arg2: tensor<2xi32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<2xi32>) {
  return %arg1, %arg0, %arg2 : tensor<4xf32>, tensor<4xf32>, tensor<2xi32>
}
