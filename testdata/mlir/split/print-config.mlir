// With --split-input-file, --print-config prints one config per chunk,
// joined with separator lines, each labelled with the file and its chunk
// number (from 0); a failing chunk prints nothing and no separator, and
// the exit status is 1. json is JSON Lines: no separators, each object
// with "file" and "chunk".

// RUN: not mhlo-alias --split-input-file --print-config=short %s 2>%t.err | FileCheck %s --match-full-lines
// RUN: FileCheck %s --check-prefix=ERR < %t.err

// RUN: not mhlo-alias --split-input-file --print-config=json %s 2>/dev/null | FileCheck %s --check-prefix=JSON

// CHECK:      // {{.*}}print-config.mlir chunk 0
// CHECK-NEXT: input_output_alias={ {}: (0, {}, may-alias) }
// CHECK-NEXT: {{^}}//{{ }}-----{{$}}
// CHECK-NEXT: // {{.*}}print-config.mlir chunk 1
// CHECK-NEXT: buffer_donor={ (0, {}) }
// CHECK-NEXT: {{^}}//{{ }}-----{{$}}
// CHECK-NEXT: // {{.*}}print-config.mlir chunk 3
// CHECK-NEXT: input_output_alias={ {1}: (1, {}, must-alias) }
// CHECK-EMPTY:

// JSON:      {{^}}{"file": "{{.*}}print-config.mlir", "chunk": 0, "ok": true, "diagnostics": [], "more_errors": 0, "output_shape": "f32[2]{0}", "parameters": [{"parameter_number": 0, "shape": "f32[2]{0}", "bytes": 8, "memory_space": 0}], "outputs": [{"output_index": [], "shape": "f32[2]{0}", "bytes": 8, "memory_space": 0}], "aliases": [{"output_index": [], "parameter_number": 0, "parameter_index": [], "kind": "may", "bytes": 8, "parameter_shape": "f32[2]{0}", "output_shape": "f32[2]{0}", "memory_space": 0}], "donors": [], "memory": {"parameter_bytes": 8, "output_bytes": 8, "must_alias_bytes": 0, "may_alias_bytes": 8, "unused_donor_bytes": 0, "unaliased_output_bytes": 0, "unknown_size_leaves": 0, "memory_spaces": [{"memory_space": 0, "name": "device memory", "parameter_bytes": 8, "output_bytes": 8, "must_alias_bytes": 0, "may_alias_bytes": 8, "unused_donor_bytes": 0, "unaliased_output_bytes": 0, "unknown_size_leaves": 0}]}}
// JSON-NEXT: {{^}}{"file": "{{.*}}print-config.mlir", "chunk": 1, "ok": true, "diagnostics": [], "more_errors": 0, "output_shape": "f32[2]{0}", "parameters": [{"parameter_number": 0, "shape": "f32[2]{0}", "bytes": 8, "memory_space": 0}], "outputs": [{"output_index": [], "shape": "f32[2]{0}", "bytes": 8, "memory_space": 0}], "aliases": [], "donors": [{"parameter_number": 0, "parameter_index": [], "bytes": 8, "shape": "f32[2]{0}", "memory_space": 0, "reason": "free: output {} f32[2]{0} has its shape and no alias; no donation pass has paired them"}], "memory": {"parameter_bytes": 8, "output_bytes": 8, "must_alias_bytes": 0, "may_alias_bytes": 0, "unused_donor_bytes": 8, "unaliased_output_bytes": 8, "unknown_size_leaves": 0, "memory_spaces": [{"memory_space": 0, "name": "device memory", "parameter_bytes": 8, "output_bytes": 8, "must_alias_bytes": 0, "may_alias_bytes": 0, "unused_donor_bytes": 8, "unaliased_output_bytes": 8, "unknown_size_leaves": 0}]}}
// JSON-NEXT: {{^}}{"file": "{{.*}}print-config.mlir", "chunk": 2, "ok": false, "diagnostics": [{"file": "{{.*}}print-config.mlir", "line": 43, "column": 39, "severity": "error", "message": "Aliasing output must be 0 if only one output exists"}], "more_errors": 0}{{$}}
// JSON-NEXT: {{^}}{"file": "{{.*}}print-config.mlir", "chunk": 3, "ok": true, "diagnostics": [], "more_errors": 0, "output_shape": "(f32[2]{0}, f32[2]{0})", "parameters": [{"parameter_number": 0, "shape": "f32[2]{0}", "bytes": 8, "memory_space": 0}, {"parameter_number": 1, "shape": "f32[2]{0}", "bytes": 8, "memory_space": 0}], "outputs": [{"output_index": [0], "shape": "f32[2]{0}", "bytes": 8, "memory_space": 0}, {"output_index": [1], "shape": "f32[2]{0}", "bytes": 8, "memory_space": 0}], "aliases": [{"output_index": [1], "parameter_number": 1, "parameter_index": [], "kind": "must", "bytes": 8, "parameter_shape": "f32[2]{0}", "output_shape": "f32[2]{0}", "memory_space": 0}], "donors": [], "memory": {"parameter_bytes": 16, "output_bytes": 16, "must_alias_bytes": 8, "may_alias_bytes": 0, "unused_donor_bytes": 0, "unaliased_output_bytes": 8, "unknown_size_leaves": 0, "memory_spaces": [{"memory_space": 0, "name": "device memory", "parameter_bytes": 16, "output_bytes": 16, "must_alias_bytes": 8, "may_alias_bytes": 0, "unused_donor_bytes": 0, "unaliased_output_bytes": 8, "unknown_size_leaves": 0}]}}
// JSON-NOT:  -----

// ERR: {{^}}{{.*}}print-config.mlir:43:39: error: Aliasing output must be 0 if only one output exists{{$}}

func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

func.func @main(%arg0: tensor<2xf32> {jax.buffer_donor = true}) -> tensor<2xf32> {
  %0 = "test.op"() : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 1 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [1], must_alias>}) -> (tensor<2xf32>, tensor<2xf32>) {
  return %arg0, %arg1 : tensor<2xf32>, tensor<2xf32>
}
