// Layouts of tuple values: a tuple parameter takes a nested array; for a
// single tuple result the result layout may be the one-element array
// holding the tuple's layouts, or that array itself.

// RUN: mhlo-alias --print-config=json %s | FileCheck %s
// RUN: sed -e 's/result_layout = \[\[\(.*\)\]\]}/result_layout = [\1]}/' %s > %t.mlir
// RUN: mhlo-alias --print-config=json %t.mlir | FileCheck %s

// CHECK: {"ok": true, "diagnostics": [], "more_errors": 0, "output_shape": "(f32[2,3]{0,1}, (f32[4]{0}, s8[2,2]{1,0}))", "parameters": [{"parameter_number": 0, "shape": "(f32[2,3]{0,1}, (f32[4]{0}, s8[2,2]{1,0}))", "bytes": 44, "memory_space": 0}], "outputs": [{"output_index": [0], "shape": "f32[2,3]{0,1}", "bytes": 24, "memory_space": 0}, {"output_index": [1], "shape": "(f32[4]{0}, s8[2,2]{1,0})", "bytes": 20, "memory_space": 0}], "aliases": [{"output_index": [1, 1], "parameter_number": 0, "parameter_index": [1, 1], "kind": "must", "bytes": 4, "parameter_shape": "s8[2,2]{1,0}", "output_shape": "s8[2,2]{1,0}", "memory_space": 0}], "donors": [], "memory": {"parameter_bytes": 44, "output_bytes": 44, "must_alias_bytes": 4, "may_alias_bytes": 0, "unused_donor_bytes": 0, "unaliased_output_bytes": 40, "unknown_size_leaves": 0, "memory_spaces": [{"memory_space": 0, "name": "device memory", "parameter_bytes": 44, "output_bytes": 44, "must_alias_bytes": 4, "may_alias_bytes": 0, "unused_donor_bytes": 0, "unaliased_output_bytes": 40, "unknown_size_leaves": 0}]}}

module attributes {mhlo.xla_entry_computation_parameter_layouts = [[dense<[0, 1]> : tensor<2xindex>, [dense<0> : tensor<1xindex>, dense<[1, 0]> : tensor<2xindex>]]], mhlo.xla_entry_computation_result_layout = [[dense<[0, 1]> : tensor<2xindex>, [dense<0> : tensor<1xindex>, dense<[1, 0]> : tensor<2xindex>]]]} {
  func.func @main(%arg0: tuple<tensor<2x3xf32>, tuple<tensor<4xf32>, tensor<2x2xi8>>> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [1, 1], result_index = [0, 1, 1], must_alias>}) -> tuple<tensor<2x3xf32>, tuple<tensor<4xf32>, tensor<2x2xi8>>> {
    return %arg0 : tuple<tensor<2x3xf32>, tuple<tensor<4xf32>, tensor<2x2xi8>>>
  }
}
