// Layouts from the module attributes mhlo.xla_entry_computation_parameter_layouts
// and mhlo.xla_entry_computation_result_layout (as XLA's HLO importer
// writes them) enter the discovery key the same way as mhlo.layout_mode
// (decisions.md, "The model" and "The passes"). An empty entry is the
// default descending layout.

// RUN: mhlo-alias --passes=add-may-aliases --print-config %s | FileCheck %s
// RUN: mhlo-alias --passes=add-may-aliases --print-config=json %s | FileCheck %s --check-prefix=JSON

// Keys: parameter 0 f32[2,3]{0,1}, 1 f32[2,3]{1,0}, 2 f32[2,3]{1,0}
// (default). Outputs: {0} {1,0} -> 1 (not 0, its layout differs);
// {1} {0,1} -> 0; {2} default {1,0} -> 2; {3} {0,1} -> none.
// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: (f32[2,3], f32[2,3], f32[2,3], f32[2,3])
// CHECK-NEXT:   OutputIndex {0} is may-aliased with parameter 1 at {}:
// CHECK-NEXT:   OutputIndex {1} is may-aliased with parameter 0 at {}:
// CHECK-NEXT:   OutputIndex {2} is may-aliased with parameter 2 at {}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-EMPTY:

// JSON: {{^}}{"ok": true, "diagnostics": [], "more_errors": 0, "output_shape": "(f32[2,3]{1,0}, f32[2,3]{0,1}, f32[2,3]{1,0}, f32[2,3]{0,1})", "parameters": [{"parameter_number": 0, "shape": "f32[2,3]{0,1}", "bytes": 24, "memory_space": 0}, {"parameter_number": 1, "shape": "f32[2,3]{1,0}", "bytes": 24, "memory_space": 0}, {"parameter_number": 2, "shape": "f32[2,3]{1,0}", "bytes": 24, "memory_space": 0}], "outputs": [{"output_index": [0], "shape": "f32[2,3]{1,0}", "bytes": 24, "memory_space": 0}, {"output_index": [1], "shape": "f32[2,3]{0,1}", "bytes": 24, "memory_space": 0}, {"output_index": [2], "shape": "f32[2,3]{1,0}", "bytes": 24, "memory_space": 0}, {"output_index": [3], "shape": "f32[2,3]{0,1}", "bytes": 24, "memory_space": 0}], "aliases": [{"output_index": [0], "parameter_number": 1, "parameter_index": [], "kind": "may", "bytes": 24, "parameter_shape": "f32[2,3]{1,0}", "output_shape": "f32[2,3]{1,0}", "memory_space": 0}, {"output_index": [1], "parameter_number": 0, "parameter_index": [], "kind": "may", "bytes": 24, "parameter_shape": "f32[2,3]{0,1}", "output_shape": "f32[2,3]{0,1}", "memory_space": 0}, {"output_index": [2], "parameter_number": 2, "parameter_index": [], "kind": "may", "bytes": 24, "parameter_shape": "f32[2,3]{1,0}", "output_shape": "f32[2,3]{1,0}", "memory_space": 0}], "donors": [], "memory": {"parameter_bytes": 72, "output_bytes": 96, "must_alias_bytes": 0, "may_alias_bytes": 72, "unused_donor_bytes": 0, "unaliased_output_bytes": 24, "unknown_size_leaves": 0, "memory_spaces": [{"memory_space": 0, "name": "device memory", "parameter_bytes": 72, "output_bytes": 96, "must_alias_bytes": 0, "may_alias_bytes": 72, "unused_donor_bytes": 0, "unaliased_output_bytes": 24, "unknown_size_leaves": 0}]}}

module @imported attributes {mhlo.input_output_alias = [], mhlo.xla_entry_computation_parameter_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>, dense<> : tensor<0xindex>], mhlo.xla_entry_computation_result_layout = [dense<[1, 0]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>, dense<[0, 1]> : tensor<2xindex>]} {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>, %arg2: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
    return %arg1, %arg0, %arg2, %arg0 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
  }
}
