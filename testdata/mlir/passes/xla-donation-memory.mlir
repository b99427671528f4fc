// Memory spaces (decisions.md, "Upstream's donation pass, and pass
// options"): mhlo.memory_kind = "pinned_host" or "unpinned_host" on an
// argument or result puts its arrays in host memory, space 5; any other
// value ("device") or none is space 0. XLA's pass pairs within one memory
// space only. The space is part of the layout: it prints as S(5) in a
// shape with layout, and Shape::Equal and the add-* key compare it, so
// buffer-donation-to-alias and add-may-aliases keep spaces apart too
// (docs/decisions.md, "Memory spaces").
//
// Donors, all f32 of 32 bytes: 0 f32[8] host, 1 f32[8], 2 f32[2,4] host,
// 3 f32[8] ("device", so space 0). Outputs: {0} f32[8] host, {1} f32[8],
// {2} f32[8] host.

// Parameter 2's pair is written as tf.aliasing_output: mhlo.result_alias
// cannot state an alias of tensor<2x4xf32> and tensor<8xf32>.
// RUN: mhlo-alias --passes=xla-buffer-donation --emit=tf --print-config %s | FileCheck %s
// RUN: mhlo-alias --passes=xla-buffer-donation --emit=tf --print-config=json %s | FileCheck %s --check-prefix=JSON
// RUN: mhlo-alias --passes=buffer-donation-to-alias --print-config=short %s | FileCheck %s --check-prefix=EQUAL
// RUN: mhlo-alias --passes=add-may-aliases --print-config=short %s | FileCheck %s --check-prefix=EQUAL

// Host: 0 takes {0}, 2 (another shape, same size) takes {2}. Device: 1
// takes {1}; 3 is left.
// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: (f32[8], f32[8], f32[8])
// CHECK-NEXT:   OutputIndex {0} is may-aliased with parameter 0 at {}:
// CHECK-NEXT:   OutputIndex {1} is may-aliased with parameter 1 at {}:
// CHECK-NEXT:   OutputIndex {2} is may-aliased with parameter 2 at {}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-NEXT:   Parameter 3 at {} is registered as a buffer donor.
// CHECK-EMPTY:

// JSON: {{^}}{"ok": true, "diagnostics": [], "more_errors": 0, "output_shape": "(f32[8]{0:S(5)}, f32[8]{0}, f32[8]{0:S(5)})", "parameters": [{"parameter_number": 0, "shape": "f32[8]{0:S(5)}", "bytes": 32, "memory_space": 5}, {"parameter_number": 1, "shape": "f32[8]{0}", "bytes": 32, "memory_space": 0}, {"parameter_number": 2, "shape": "f32[2,4]{1,0:S(5)}", "bytes": 32, "memory_space": 5}, {"parameter_number": 3, "shape": "f32[8]{0}", "bytes": 32, "memory_space": 0}], "outputs": [{"output_index": [0], "shape": "f32[8]{0:S(5)}", "bytes": 32, "memory_space": 5}, {"output_index": [1], "shape": "f32[8]{0}", "bytes": 32, "memory_space": 0}, {"output_index": [2], "shape": "f32[8]{0:S(5)}", "bytes": 32, "memory_space": 5}], "aliases": [{"output_index": [0], "parameter_number": 0, "parameter_index": [], "kind": "may", "bytes": 32, "parameter_shape": "f32[8]{0:S(5)}", "output_shape": "f32[8]{0:S(5)}", "memory_space": 5}, {"output_index": [1], "parameter_number": 1, "parameter_index": [], "kind": "may", "bytes": 32, "parameter_shape": "f32[8]{0}", "output_shape": "f32[8]{0}", "memory_space": 0}, {"output_index": [2], "parameter_number": 2, "parameter_index": [], "kind": "may", "bytes": 32, "parameter_shape": "f32[2,4]{1,0:S(5)}", "output_shape": "f32[8]{0:S(5)}", "memory_space": 5}], "donors": [{"parameter_number": 3, "parameter_index": [], "bytes": 32, "shape": "f32[8]{0}", "memory_space": 0, "reason": "taken: output {1} f32[8]{0} of the same byte size (32 bytes) was taken by donor parameter 1 at {} earlier in this pass"}], "memory": {"parameter_bytes": 128, "output_bytes": 96, "must_alias_bytes": 0, "may_alias_bytes": 96, "unused_donor_bytes": 32, "unaliased_output_bytes": 0, "unknown_size_leaves": 0, "memory_spaces": [{"memory_space": 0, "name": "device memory", "parameter_bytes": 64, "output_bytes": 32, "must_alias_bytes": 0, "may_alias_bytes": 32, "unused_donor_bytes": 32, "unaliased_output_bytes": 0, "unknown_size_leaves": 0}, {"memory_space": 5, "name": "host memory S(5)", "parameter_bytes": 64, "output_bytes": 64, "must_alias_bytes": 0, "may_alias_bytes": 64, "unused_donor_bytes": 0, "unaliased_output_bytes": 0, "unknown_size_leaves": 0}]}}

// Equal shapes only: 0 and {0} (both host), 1 and {1}; parameter 2 has
// other dims, and 3 (device) is not equal to the host {2}.
// EQUAL: {{^}}input_output_alias={ {0}: (0, {}, may-alias), {1}: (1, {}, may-alias) }, buffer_donor={ (2, {}), (3, {}) }{{$}}

func.func @main(%arg0: tensor<8xf32> {jax.buffer_donor = true, mhlo.memory_kind = "pinned_host"}, %arg1: tensor<8xf32> {jax.buffer_donor = true}, %arg2: tensor<2x4xf32> {jax.buffer_donor = true, mhlo.memory_kind = "unpinned_host"}, %arg3: tensor<8xf32> {jax.buffer_donor = true, mhlo.memory_kind = "device"}) -> (tensor<8xf32> {mhlo.memory_kind = "pinned_host"}, tensor<8xf32>, tensor<8xf32> {mhlo.memory_kind = "unpinned_host"}) {
  return %arg0, %arg1, %arg0 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
