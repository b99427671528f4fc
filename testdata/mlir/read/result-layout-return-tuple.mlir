// Entries of mhlo.xla_entry_computation_result_layout follow the
// function's results in order, whatever --return-tuple says: with it the
// single result's layout is the tuple's element layout.

// RUN: mhlo-alias --print-config=json %s | FileCheck %s
// RUN: mhlo-alias --return-tuple --print-config=json %s | FileCheck %s --check-prefix=TUPLE

// CHECK: {"ok": true, "diagnostics": [], "more_errors": 0, "output_shape": "f32[2,3]{0,1}", "parameters": [{"parameter_number": 0, "shape": "f32[2,3]{1,0}", "bytes": 24, "memory_space": 0}, {"parameter_number": 1, "shape": "f32[2,3]{1,0}", "bytes": 24, "memory_space": 0}], "outputs": [{"output_index": [], "shape": "f32[2,3]{0,1}", "bytes": 24, "memory_space": 0}], "aliases": [{"output_index": [], "parameter_number": 1, "parameter_index": [], "kind": "may", "bytes": 24, "parameter_shape": "f32[2,3]{1,0}", "output_shape": "f32[2,3]{0,1}", "memory_space": 0}], "donors": [{"parameter_number": 0, "parameter_index": [], "bytes": 24, "shape": "f32[2,3]{1,0}", "memory_space": 0, "reason": "none: no output has this shape, these dimensions or this byte size"}], "memory": {"parameter_bytes": 48, "output_bytes": 24, "must_alias_bytes": 0, "may_alias_bytes": 24, "unused_donor_bytes": 24, "unaliased_output_bytes": 0, "unknown_size_leaves": 0, "memory_spaces": [{"memory_space": 0, "name": "device memory", "parameter_bytes": 48, "output_bytes": 24, "must_alias_bytes": 0, "may_alias_bytes": 24, "unused_donor_bytes": 24, "unaliased_output_bytes": 0, "unknown_size_leaves": 0}]}}
// TUPLE: {"ok": true, "diagnostics": [], "more_errors": 0, "output_shape": "(f32[2,3]{0,1})", "parameters": [{"parameter_number": 0, "shape": "f32[2,3]{1,0}", "bytes": 24, "memory_space": 0}, {"parameter_number": 1, "shape": "f32[2,3]{1,0}", "bytes": 24, "memory_space": 0}], "outputs": [{"output_index": [0], "shape": "f32[2,3]{0,1}", "bytes": 24, "memory_space": 0}], "aliases": [{"output_index": [0], "parameter_number": 1, "parameter_index": [], "kind": "may", "bytes": 24, "parameter_shape": "f32[2,3]{1,0}", "output_shape": "f32[2,3]{0,1}", "memory_space": 0}], "donors": [{"parameter_number": 0, "parameter_index": [], "bytes": 24, "shape": "f32[2,3]{1,0}", "memory_space": 0, "reason": "none: no output has this shape, these dimensions or this byte size"}], "memory": {"parameter_bytes": 48, "output_bytes": 24, "must_alias_bytes": 0, "may_alias_bytes": 24, "unused_donor_bytes": 24, "unaliased_output_bytes": 0, "unknown_size_leaves": 0, "memory_spaces": [{"memory_space": 0, "name": "device memory", "parameter_bytes": 48, "output_bytes": 24, "must_alias_bytes": 0, "may_alias_bytes": 24, "unused_donor_bytes": 24, "unaliased_output_bytes": 0, "unknown_size_leaves": 0}]}}

module attributes {mhlo.xla_entry_computation_result_layout = [dense<[0, 1]> : tensor<2xindex>]} {
  func.func @main(%arg0: tensor<2x3xf32> {jax.buffer_donor = true}, %arg1: tensor<2x3xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2x3xf32> {
    return %arg1 : tensor<2x3xf32>
  }
}
