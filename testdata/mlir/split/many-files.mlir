// With several files, --print-config labels each module "// FILE" in the
// long, short and summary forms, and json is JSON Lines: one object per
// module with "file" (as given) and "chunk" (from 0), no separators.
// Standard input is "<stdin>".

// RUN: mhlo-alias --print-config=json %s - < %s | FileCheck %s --check-prefix=JSON
// RUN: mhlo-alias --print-config=short %s %s | FileCheck %s --check-prefix=SHORT --match-full-lines
// RUN: mhlo-alias --print-config=short %s | FileCheck %s --check-prefix=ONE --match-full-lines

// JSON:      {{^}}{"file": "{{.*}}many-files.mlir", "chunk": 0, "ok": true, "diagnostics": [], "more_errors": 0, "output_shape": "f32[2]{0}", "parameters": [{"parameter_number": 0, "shape": "f32[2]{0}", "bytes": 8, "memory_space": 0}], "outputs": [{"output_index": [], "shape": "f32[2]{0}", "bytes": 8, "memory_space": 0}], "aliases": [{"output_index": [], "parameter_number": 0, "parameter_index": [], "kind": "may", "bytes": 8, "parameter_shape": "f32[2]{0}", "output_shape": "f32[2]{0}", "memory_space": 0}], "donors": [], "memory": {"parameter_bytes": 8, "output_bytes": 8, "must_alias_bytes": 0, "may_alias_bytes": 8, "unused_donor_bytes": 0, "unaliased_output_bytes": 0, "unknown_size_leaves": 0, "memory_spaces": [{"memory_space": 0, "name": "device memory", "parameter_bytes": 8, "output_bytes": 8, "must_alias_bytes": 0, "may_alias_bytes": 8, "unused_donor_bytes": 0, "unaliased_output_bytes": 0, "unknown_size_leaves": 0}]}}
// JSON-NEXT: {{^}}{"file": "<stdin>", "chunk": 0, "ok": true, "diagnostics": [], "more_errors": 0, "output_shape": "f32[2]{0}", "parameters": [{"parameter_number": 0, "shape": "f32[2]{0}", "bytes": 8, "memory_space": 0}], "outputs": [{"output_index": [], "shape": "f32[2]{0}", "bytes": 8, "memory_space": 0}], "aliases": [{"output_index": [], "parameter_number": 0, "parameter_index": [], "kind": "may", "bytes": 8, "parameter_shape": "f32[2]{0}", "output_shape": "f32[2]{0}", "memory_space": 0}], "donors": [], "memory": {"parameter_bytes": 8, "output_bytes": 8, "must_alias_bytes": 0, "may_alias_bytes": 8, "unused_donor_bytes": 0, "unaliased_output_bytes": 0, "unknown_size_leaves": 0, "memory_spaces": [{"memory_space": 0, "name": "device memory", "parameter_bytes": 8, "output_bytes": 8, "must_alias_bytes": 0, "may_alias_bytes": 8, "unused_donor_bytes": 0, "unaliased_output_bytes": 0, "unknown_size_leaves": 0}]}}
// JSON-NOT:  {{.}}

// SHORT:      // {{.*}}many-files.mlir
// SHORT-NEXT: input_output_alias={ {}: (0, {}, may-alias) }
// SHORT-NEXT: // {{.*}}many-files.mlir
// SHORT-NEXT: input_output_alias={ {}: (0, {}, may-alias) }
// SHORT-EMPTY:

// One file, one module: no label.
// ONE:      input_output_alias={ {}: (0, {}, may-alias) }
// ONE-EMPTY:

func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
