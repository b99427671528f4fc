// --print-config=json writes one JSON record per module, failed modules
// included: "ok", the diagnostics as objects (capped at --error-limit
// errors, "more_errors" counting the rest), then for a module that
// succeeded its parameters (shape, bytes, memory space), aliases, donors
// (each with why it is unused, the reason class first) and the memory
// accounting, split by memory space. A failed run still prints the
// records and exits 1.

// RUN: not mhlo-alias --split-input-file --passes=buffer-donation-to-alias --print-config=json --error-limit=2 %s 2>/dev/null | FileCheck %s
// RUN: not mhlo-alias --split-input-file --passes=buffer-donation-to-alias --print-config=summary %s 2>/dev/null | FileCheck %s --check-prefix=SUMMARY

// CHECK:      {{^}}{"file": "{{.*}}record.mlir", "chunk": 0, "ok": true, "diagnostics": [], "more_errors": 0, "output_shape": "(f32[8]{0}, f32[1024]{0:S(5)})",
// CHECK-SAME: "parameters": [{"parameter_number": 0, "shape": "f32[8]{0}", "bytes": 32, "memory_space": 0}, {"parameter_number": 1, "shape": "f32[1024]{0:S(5)}", "bytes": 4096, "memory_space": 5}, {"parameter_number": 2, "shape": "f32[2,4]{1,0:S(5)}", "bytes": 32, "memory_space": 5}],
// CHECK-SAME: "aliases": [{"output_index": [0], "parameter_number": 0, "parameter_index": [], "kind": "may", "bytes": 32, "parameter_shape": "f32[8]{0}", "output_shape": "f32[8]{0}", "memory_space": 0}, {"output_index": [1], "parameter_number": 1, {{.*}}"memory_space": 5}],
// CHECK-SAME: "donors": [{"parameter_number": 2, "parameter_index": [], "bytes": 32, "shape": "f32[2,4]{1,0:S(5)}", "memory_space": 5, "reason": "none: no output has this shape, these dimensions or this byte size"}],
// CHECK-SAME: "memory": {"parameter_bytes": 4160, "output_bytes": 4128, "must_alias_bytes": 0, "may_alias_bytes": 4128, "unused_donor_bytes": 32, "unaliased_output_bytes": 0, "unknown_size_leaves": 0,
// CHECK-SAME: "memory_spaces": [{"memory_space": 0, "name": "device memory", "parameter_bytes": 32, "output_bytes": 32, "must_alias_bytes": 0, "may_alias_bytes": 32, "unused_donor_bytes": 0, "unaliased_output_bytes": 0, "unknown_size_leaves": 0},
// CHECK-SAME: {"memory_space": 5, "name": "host memory S(5)", "parameter_bytes": 4128, "output_bytes": 4096, "must_alias_bytes": 0, "may_alias_bytes": 4096, "unused_donor_bytes": 32, "unaliased_output_bytes": 0, "unknown_size_leaves": 0}]}}{{$}}
// CHECK-NEXT: {{^}}{"file": "{{.*}}record.mlir", "chunk": 1, "ok": false, "diagnostics": [{"file": "{{.*}}record.mlir", "line": [[#@LINE+32]], "column": 36, "severity": "error", "message": "Aliasing output must be 0 if only one output exists"}, {"file": "{{.*}}record.mlir", "line": [[#@LINE+32]], "column": 86, "severity": "error", "message": "Aliasing output must be 0 if only one output exists"}], "more_errors": 1}{{$}}
// CHECK-NEXT: {{^}}{"file": "{{.*}}record.mlir", "chunk": 2, "ok": true, "diagnostics": [{"file": "{{.*}}record.mlir", "line": {{[0-9]+}}, "column": 39, "severity": "warning", "message": "jax.buffer_donor = false still registers argument 0 as a buffer donor: XLA checks only that the attribute is present"}], "more_errors": 0, {{.*}}"donors": [], {{.*}}}{{$}}
// CHECK-NOT:  {{.}}

// SUMMARY:      // {{.*}}record.mlir chunk 0
// SUMMARY-NEXT: device memory:
// SUMMARY-NEXT:   aliases: 1 (0 must, 1 may) share 32 B (must 0 B, may up to 32 B)
// SUMMARY-NEXT:   donors: 0 unused, 0 B
// SUMMARY-NEXT:   outputs without alias: 0, 0 B
// SUMMARY-NEXT:   parameters: 1, 32 B; outputs: 1, 32 B
// SUMMARY-NEXT: host memory S(5):
// SUMMARY-NEXT:   aliases: 1 (0 must, 1 may) share 4.0 KiB (must 0 B, may up to 4.0 KiB)
// SUMMARY-NEXT:   donors: 1 unused, 32 B
// SUMMARY-NEXT:   outputs without alias: 0, 0 B
// SUMMARY-NEXT:   parameters: 2, 4.0 KiB; outputs: 1, 4.0 KiB
// SUMMARY-NEXT: unused donor: parameter 2 at {}, 32 B
// SUMMARY-NEXT: // -----
// SUMMARY-NEXT: // {{.*}}record.mlir chunk 2
// SUMMARY-NEXT: aliases: 1 (0 must, 1 may) share 8 B (must 0 B, may up to 8 B)

// Host memory: the donor's f32[2,4] in S(5) has the byte size of output
// {0}, but that is device memory, so not even XLA's pass would pair them.
func.func @main(%arg0: tensor<8xf32> {jax.buffer_donor = true},
                %arg1: tensor<1024xf32> {jax.buffer_donor = true, mhlo.memory_kind = "pinned_host"},
                %arg2: tensor<2x4xf32> {jax.buffer_donor = true, mhlo.memory_kind = "pinned_host"})
    -> (tensor<8xf32>, tensor<1024xf32> {mhlo.memory_kind = "pinned_host"}) {
  return %arg0, %arg1 : tensor<8xf32>, tensor<1024xf32>
}

// -----

// Three errors, two shown.
func.func @main(%a: tensor<2xf32> {tf.aliasing_output = 7 : i32}, %b: tensor<2xf32> {tf.aliasing_output = 8 : i32}, %c: tensor<2xf32> {tf.aliasing_output = 9 : i32}) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}

// -----

// A warning is in the record of a module that succeeded.
func.func @main(%arg0: tensor<2xf32> {jax.buffer_donor = false}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
