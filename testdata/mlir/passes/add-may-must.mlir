// add-may-aliases and add-must-aliases run the same discovery and differ
// only in the kind they stamp on the new aliases (decisions.md, "The
// passes"; family spec, passes 45/46). Keys are the whole shape printed with
// layout, so element type and dims must be identical: f32[4,2] does not pair
// with f32[2,4] although both hold eight floats.

// RUN: mhlo-alias --passes=add-may-aliases --print-config %s | FileCheck %s --check-prefix=MAY
// RUN: mhlo-alias --passes=add-must-aliases --print-config %s | FileCheck %s --check-prefix=MUST
// RUN: mhlo-alias --passes=add-may-aliases --print-config=json %s | FileCheck %s --check-prefix=JSON

// Keys: parameter 0 f32[8]{0}, 1 s32[8]{0}, 2 f32[2,4]{1,0}, 3 f32[8]{0}.
// Outputs in pre-order: {0} s32[8] takes 1; {1} f32[8] takes 0 (lowest);
// {2} f32[4,2] finds nothing; {3} f32[8] takes 3; {4} f32[8] finds nothing,
// both f32[8] parameters are taken (consume on match).
// MAY:      HloInputOutputAliasConfig
// MAY-NEXT:   Output shape: (s32[8], f32[8], f32[4,2], f32[8], f32[8])
// MAY-NEXT:   OutputIndex {0} is may-aliased with parameter 1 at {}:
// MAY-NEXT:   OutputIndex {1} is may-aliased with parameter 0 at {}:
// MAY-NEXT:   OutputIndex {3} is may-aliased with parameter 3 at {}:
// MAY-NEXT: HloBufferDonorConfig
// MAY-EMPTY:

// MUST:      HloInputOutputAliasConfig
// MUST-NEXT:   Output shape: (s32[8], f32[8], f32[4,2], f32[8], f32[8])
// MUST-NEXT:   OutputIndex {0} is must-aliased with parameter 1 at {}:
// MUST-NEXT:   OutputIndex {1} is must-aliased with parameter 0 at {}:
// MUST-NEXT:   OutputIndex {3} is must-aliased with parameter 3 at {}:
// MUST-NEXT: HloBufferDonorConfig
// MUST-EMPTY:

// JSON: {{^}}{"ok": true, "diagnostics": [], "more_errors": 0, "output_shape": "(s32[8]{0}, f32[8]{0}, f32[4,2]{1,0}, f32[8]{0}, f32[8]{0})", "parameters": [{"parameter_number": 0, "shape": "f32[8]{0}", "bytes": 32, "memory_space": 0}, {"parameter_number": 1, "shape": "s32[8]{0}", "bytes": 32, "memory_space": 0}, {"parameter_number": 2, "shape": "f32[2,4]{1,0}", "bytes": 32, "memory_space": 0}, {"parameter_number": 3, "shape": "f32[8]{0}", "bytes": 32, "memory_space": 0}], "outputs": [{"output_index": [0], "shape": "s32[8]{0}", "bytes": 32, "memory_space": 0}, {"output_index": [1], "shape": "f32[8]{0}", "bytes": 32, "memory_space": 0}, {"output_index": [2], "shape": "f32[4,2]{1,0}", "bytes": 32, "memory_space": 0}, {"output_index": [3], "shape": "f32[8]{0}", "bytes": 32, "memory_space": 0}, {"output_index": [4], "shape": "f32[8]{0}", "bytes": 32, "memory_space": 0}], "aliases": [{"output_index": [0], "parameter_number": 1, "parameter_index": [], "kind": "may", "bytes": 32, "parameter_shape": "s32[8]{0}", "output_shape": "s32[8]{0}", "memory_space": 0}, {"output_index": [1], "parameter_number": 0, "parameter_index": [], "kind": "may", "bytes": 32, "parameter_shape": "f32[8]{0}", "output_shape": "f32[8]{0}", "memory_space": 0}, {"output_index": [3], "parameter_number": 3, "parameter_index": [], "kind": "may", "bytes": 32, "parameter_shape": "f32[8]{0}", "output_shape": "f32[8]{0}", "memory_space": 0}], "donors": [], "memory": {"parameter_bytes": 128, "output_bytes": 160, "must_alias_bytes": 0, "may_alias_bytes": 96, "unused_donor_bytes": 0, "unaliased_output_bytes": 64, "unknown_size_leaves": 0, "memory_spaces": [{"memory_space": 0, "name": "device memory", "parameter_bytes": 128, "output_bytes": 160, "must_alias_bytes": 0, "may_alias_bytes": 96, "unused_donor_bytes": 0, "unaliased_output_bytes": 64, "unknown_size_leaves": 0}]}}

func.func @main(%arg0: tensor<8xf32>, %arg1: tensor<8xi32>, %arg2: tensor<2x4xf32>, %arg3: tensor<8xf32>) -> (tensor<8xi32>, tensor<8xf32>, tensor<4x2xf32>, tensor<8xf32>, tensor<8xf32>) {
  %0 = "stablehlo.reshape"(%arg2) : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return %arg1, %arg0, %0, %arg3, %arg3 : tensor<8xi32>, tensor<8xf32>, tensor<4x2xf32>, tensor<8xf32>, tensor<8xf32>
}
