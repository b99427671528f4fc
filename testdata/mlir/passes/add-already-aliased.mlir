// Discovery keeps every existing alias: an output that already has one is
// skipped, and a parameter that an output already aliases is not a
// candidate (decisions.md, "The passes"; family spec: OutputHasAlias and
// GetAliasedOutput checks in AddNewAliases). The existing alias keeps its
// kind; only new aliases get the pass's kind.

// RUN: mhlo-alias --passes=add-may-aliases --print-config %s | FileCheck %s --check-prefix=MAY
// RUN: mhlo-alias --passes=add-must-aliases --print-config %s | FileCheck %s --check-prefix=MUST

// Read: {2} <- (0, {}) must. Parameter 0 is the lowest f32[4] parameter but
// already aliased, so {0} takes 1 and {1} takes 2; {2} keeps its must-alias.
// MAY:      HloInputOutputAliasConfig
// MAY-NEXT:   Output shape: (f32[4], f32[4], f32[4])
// MAY-NEXT:   OutputIndex {0} is may-aliased with parameter 1 at {}:
// MAY-NEXT:   OutputIndex {1} is may-aliased with parameter 2 at {}:
// MAY-NEXT:   OutputIndex {2} is must-aliased with parameter 0 at {}:
// MAY-NEXT: HloBufferDonorConfig
// MAY-EMPTY:

// MUST:      HloInputOutputAliasConfig
// MUST-NEXT:   Output shape: (f32[4], f32[4], f32[4])
// MUST-NEXT:   OutputIndex {0} is must-aliased with parameter 1 at {}:
// MUST-NEXT:   OutputIndex {1} is must-aliased with parameter 2 at {}:
// MUST-NEXT:   OutputIndex {2} is must-aliased with parameter 0 at {}:
// MUST-NEXT: HloBufferDonorConfig
// MUST-EMPTY:

// RUN: mhlo-alias --entry=may_kept --passes=add-must-aliases --print-config %s | FileCheck %s --check-prefix=KEPT

// Read: {1} <- (1, {}) may (tf.aliasing_output). add-must-aliases leaves
// it a may-alias; {0} takes the free parameter 0 as a must-alias, and {2}
// finds nothing (parameter 1 is aliased, parameter 0 now taken).
// KEPT:      HloInputOutputAliasConfig
// KEPT-NEXT:   Output shape: (f32[4], f32[4], f32[4])
// KEPT-NEXT:   OutputIndex {0} is must-aliased with parameter 0 at {}:
// KEPT-NEXT:   OutputIndex {1} is may-aliased with parameter 1 at {}:
// KEPT-NEXT: HloBufferDonorConfig
// KEPT-EMPTY:

func.func @main(%arg0: tensor<4xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [2], must_alias>}, %arg1: tensor<4xf32>, %arg2: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  return %arg1, %arg2, %arg0 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

func.func @may_kept(%arg0: tensor<4xf32>, %arg1: tensor<4xf32> {tf.aliasing_output = 1 : i32}) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  return %arg0, %arg1, %arg0 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
