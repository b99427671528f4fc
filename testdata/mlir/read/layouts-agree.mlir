// mhlo.layout_mode beside an explicit module layout for the same value is
// fine when both say the same: "default" with the descending layout (given
// as dense<> or spelled out), "{0,1}" with dense<[0, 1]>.

// RUN: mhlo-alias --print-config=json %s | FileCheck %s

// CHECK: {"ok": true, "diagnostics": [], "more_errors": 0, "output_shape": "(f32[4,8]{0,1}, f32[4,8]{1,0})", "parameters": [{"parameter_number": 0, "shape": "f32[4,8]{1,0}", "bytes": 128, "memory_space": 0}, {"parameter_number": 1, "shape": "f32[4,8]{1,0}", "bytes": 128, "memory_space": 0}], "outputs": [{"output_index": [0], "shape": "f32[4,8]{0,1}", "bytes": 128, "memory_space": 0}, {"output_index": [1], "shape": "f32[4,8]{1,0}", "bytes": 128, "memory_space": 0}], "aliases": [], "donors": [], "memory": {"parameter_bytes": 256, "output_bytes": 256, "must_alias_bytes": 0, "may_alias_bytes": 0, "unused_donor_bytes": 0, "unaliased_output_bytes": 256, "unknown_size_leaves": 0, "memory_spaces": [{"memory_space": 0, "name": "device memory", "parameter_bytes": 256, "output_bytes": 256, "must_alias_bytes": 0, "may_alias_bytes": 0, "unused_donor_bytes": 0, "unaliased_output_bytes": 256, "unknown_size_leaves": 0}]}}

module attributes {mhlo.xla_entry_computation_parameter_layouts = [dense<> : tensor<0xindex>, dense<[1, 0]> : tensor<2xindex>], mhlo.xla_entry_computation_result_layout = [dense<[0, 1]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>]} {
  func.func @main(%arg0: tensor<4x8xf32> {mhlo.layout_mode = "default"}, %arg1: tensor<4x8xf32> {mhlo.layout_mode = "default"}) -> (tensor<4x8xf32> {mhlo.layout_mode = "{0,1}"}, tensor<4x8xf32> {mhlo.layout_mode = "default"}) {
    return %arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>
  }
}
