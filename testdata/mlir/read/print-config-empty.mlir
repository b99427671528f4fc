// A module with no aliases and no donors: the long form prints both
// headers, the short form an empty line, the JSON form empty lists.

// RUN: mhlo-alias --print-config %s | FileCheck %s --check-prefix=LONG
// RUN: mhlo-alias --print-config=short %s | FileCheck %s --check-prefix=SHORT --allow-empty
// RUN: mhlo-alias --print-config=json %s | FileCheck %s --check-prefix=JSON

// LONG:      {{^}}HloInputOutputAliasConfig{{$}}
// LONG-NEXT: {{^}}  Output shape: (){{$}}
// LONG-NEXT: {{^}}HloBufferDonorConfig{{$}}
// LONG-EMPTY:

// SHORT-NOT: {{.}}

// JSON: {{^}}{"ok": true, "diagnostics": [], "more_errors": 0, "output_shape": "()", "parameters": [{"parameter_number": 0, "shape": "f32[4]{0}", "bytes": 16, "memory_space": 0}], "outputs": [], "aliases": [], "donors": [], "memory": {"parameter_bytes": 16, "output_bytes": 0, "must_alias_bytes": 0, "may_alias_bytes": 0, "unused_donor_bytes": 0, "unaliased_output_bytes": 0, "unknown_size_leaves": 0, "memory_spaces": [{"memory_space": 0, "name": "device memory", "parameter_bytes": 16, "output_bytes": 0, "must_alias_bytes": 0, "may_alias_bytes": 0, "unused_donor_bytes": 0, "unaliased_output_bytes": 0, "unknown_size_leaves": 0}]}}

module {
  func.func @main(%arg0: tensor<4xf32>) {
    return
  }
}
