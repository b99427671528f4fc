// Flips in pipelines, in order (decisions.md, "The passes"): a flip only
// re-stamps kinds, so flip-must-aliases then flip-may-aliases keeps every
// pair and ends all must, and the reverse ends all may. add-may-aliases
// then flip-may-aliases promotes the discovered aliases along with the
// read ones.

// RUN: mhlo-alias --passes=flip-must-aliases,flip-may-aliases --print-config %s | FileCheck %s --check-prefix=MUST
// RUN: mhlo-alias --passes=flip-may-aliases,flip-must-aliases --print-config %s | FileCheck %s --check-prefix=MAY
// RUN: mhlo-alias --passes=add-may-aliases,flip-may-aliases --print-config %s | FileCheck %s --check-prefix=ADDFLIP
// RUN: mhlo-alias --passes=flip-may-aliases,add-may-aliases --print-config %s | FileCheck %s --check-prefix=FLIPADD

// Read: {1} <- (2, {}) may, {2} <- (0, {}) must. Parameter 1 and output
// {0} are both bf16[8,8]{1,0} and unaliased.
// MUST:      HloInputOutputAliasConfig
// MUST-NEXT:   Output shape: (bf16[8,8], bf16[8,8], bf16[8,8])
// MUST-NEXT:   OutputIndex {1} is must-aliased with parameter 2 at {}:
// MUST-NEXT:   OutputIndex {2} is must-aliased with parameter 0 at {}:
// MUST-NEXT: HloBufferDonorConfig
// MUST-EMPTY:

// MAY:      HloInputOutputAliasConfig
// MAY-NEXT:   Output shape: (bf16[8,8], bf16[8,8], bf16[8,8])
// MAY-NEXT:   OutputIndex {1} is may-aliased with parameter 2 at {}:
// MAY-NEXT:   OutputIndex {2} is may-aliased with parameter 0 at {}:
// MAY-NEXT: HloBufferDonorConfig
// MAY-EMPTY:

// Discovery pairs {0} with parameter 1 (the only free one), then the flip
// makes all three must.
// ADDFLIP:      HloInputOutputAliasConfig
// ADDFLIP-NEXT:   Output shape: (bf16[8,8], bf16[8,8], bf16[8,8])
// ADDFLIP-NEXT:   OutputIndex {0} is must-aliased with parameter 1 at {}:
// ADDFLIP-NEXT:   OutputIndex {1} is must-aliased with parameter 2 at {}:
// ADDFLIP-NEXT:   OutputIndex {2} is must-aliased with parameter 0 at {}:
// ADDFLIP-NEXT: HloBufferDonorConfig
// ADDFLIP-EMPTY:

// In the other order the discovered alias comes after the flip and stays
// may.
// FLIPADD:      HloInputOutputAliasConfig
// FLIPADD-NEXT:   Output shape: (bf16[8,8], bf16[8,8], bf16[8,8])
// FLIPADD-NEXT:   OutputIndex {0} is may-aliased with parameter 1 at {}:
// FLIPADD-NEXT:   OutputIndex {1} is must-aliased with parameter 2 at {}:
// FLIPADD-NEXT:   OutputIndex {2} is must-aliased with parameter 0 at {}:
// FLIPADD-NEXT: HloBufferDonorConfig
// FLIPADD-EMPTY:

func.func @main(%arg0: tensor<8x8xbf16> {mhlo.result_alias = #mhlo.result_alias<result_index = [2], must_alias>}, %arg1: tensor<8x8xbf16>, %arg2: tensor<8x8xbf16> {mhlo.result_alias = #mhlo.result_alias<result_index = [1]>}) -> (tensor<8x8xbf16>, tensor<8x8xbf16>, tensor<8x8xbf16>) {
  return %arg1, %arg2, %arg0 : tensor<8x8xbf16>, tensor<8x8xbf16>, tensor<8x8xbf16>
}
