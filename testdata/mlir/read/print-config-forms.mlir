// --print-config prints the final config: `long` (the default, XLA's
// ToString texts), `short` (the HLO module header fields) and `json`.

// RUN: mhlo-alias --print-config %s | FileCheck %s --check-prefix=LONG
// RUN: mhlo-alias --print-config=long %s | FileCheck %s --check-prefix=LONG
// RUN: mhlo-alias --print-config=short %s | FileCheck %s --check-prefix=SHORT
// RUN: mhlo-alias --print-config=json %s | FileCheck %s --check-prefix=JSON

// LONG:      {{^}}HloInputOutputAliasConfig{{$}}
// LONG-NEXT: {{^}}  Output shape: (f32[2,3], f32[4], s32[]){{$}}
// LONG-NEXT: {{^}}  OutputIndex {0} is must-aliased with parameter 0 at {}:{{$}}
// LONG-NEXT: {{^}}  OutputIndex {1} is may-aliased with parameter 2 at {}:{{$}}
// LONG-NEXT: {{^}}HloBufferDonorConfig{{$}}
// LONG-NEXT: {{^}}  Parameter 1 at {} is registered as a buffer donor.{{$}}
// LONG-EMPTY:

// SHORT: {{^}}input_output_alias={ {0}: (0, {}, must-alias), {1}: (2, {}, may-alias) }, buffer_donor={ (1, {}) }{{$}}

// JSON: {{^}}{"ok": true, "diagnostics": [], "more_errors": 0, "output_shape": "(f32[2,3]{1,0}, f32[4]{0}, s32[])", "parameters": [{"parameter_number": 0, "shape": "f32[2,3]{1,0}", "bytes": 24, "memory_space": 0}, {"parameter_number": 1, "shape": "f32[4]{0}", "bytes": 16, "memory_space": 0}, {"parameter_number": 2, "shape": "f32[4]{0}", "bytes": 16, "memory_space": 0}], "outputs": [{"output_index": [0], "shape": "f32[2,3]{1,0}", "bytes": 24, "memory_space": 0}, {"output_index": [1], "shape": "f32[4]{0}", "bytes": 16, "memory_space": 0}, {"output_index": [2], "shape": "s32[]", "bytes": 4, "memory_space": 0}], "aliases": [{"output_index": [0], "parameter_number": 0, "parameter_index": [], "kind": "must", "bytes": 24, "parameter_shape": "f32[2,3]{1,0}", "output_shape": "f32[2,3]{1,0}", "memory_space": 0}, {"output_index": [1], "parameter_number": 2, "parameter_index": [], "kind": "may", "bytes": 16, "parameter_shape": "f32[4]{0}", "output_shape": "f32[4]{0}", "memory_space": 0}], "donors": [{"parameter_number": 1, "parameter_index": [], "bytes": 16, "shape": "f32[4]{0}", "memory_space": 0, "reason": "taken: output {1} f32[4]{0} is already aliased with parameter 2 at {}"}], "memory": {"parameter_bytes": 56, "output_bytes": 44, "must_alias_bytes": 24, "may_alias_bytes": 16, "unused_donor_bytes": 16, "unaliased_output_bytes": 4, "unknown_size_leaves": 0, "memory_spaces": [{"memory_space": 0, "name": "device memory", "parameter_bytes": 56, "output_bytes": 44, "must_alias_bytes": 24, "may_alias_bytes": 16, "unused_donor_bytes": 16, "unaliased_output_bytes": 4, "unknown_size_leaves": 0}]}}

func.func @main(%arg0: tensor<2x3xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}, %arg1: tensor<4xf32> {jax.buffer_donor = true}, %arg2: tensor<4xf32> {tf.aliasing_output = 1 : i32}) -> (tensor<2x3xf32>, tensor<4xf32>, tensor<i32>) {
  %0 = "test.op"() : () -> tensor<i32>
  return %arg0, %arg2, %0 : tensor<2x3xf32>, tensor<4xf32>, tensor<i32>
}
