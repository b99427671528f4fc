// Entry layouts from the module attributes: one entry per parameter and
// per result, minor-to-major; `dense<> : tensor<0xindex>` and `[]` mean the
// default layout. The JSON output shape shows the result layouts;
// add-may-aliases (which matches shapes printed with layout) shows the
// parameter layouts: {0} ({1,0}) takes parameter 1, {1} ({0,1}) parameter 0.

// RUN: mhlo-alias --print-config=json %s | FileCheck %s
// RUN: mhlo-alias --passes=add-may-aliases --print-config=short %s | FileCheck %s --check-prefix=ADD

// CHECK: {"ok": true, "diagnostics": [], "more_errors": 0, "output_shape": "(f32[2,3]{1,0}, f32[2,3]{0,1}, s32[4]{0})", "parameters": [{"parameter_number": 0, "shape": "f32[2,3]{0,1}", "bytes": 24, "memory_space": 0}, {"parameter_number": 1, "shape": "f32[2,3]{1,0}", "bytes": 24, "memory_space": 0}, {"parameter_number": 2, "shape": "s8[]", "bytes": 1, "memory_space": 0}], "outputs": [{"output_index": [0], "shape": "f32[2,3]{1,0}", "bytes": 24, "memory_space": 0}, {"output_index": [1], "shape": "f32[2,3]{0,1}", "bytes": 24, "memory_space": 0}, {"output_index": [2], "shape": "s32[4]{0}", "bytes": 16, "memory_space": 0}], "aliases": [], "donors": [], "memory": {"parameter_bytes": 49, "output_bytes": 64, "must_alias_bytes": 0, "may_alias_bytes": 0, "unused_donor_bytes": 0, "unaliased_output_bytes": 64, "unknown_size_leaves": 0, "memory_spaces": [{"memory_space": 0, "name": "device memory", "parameter_bytes": 49, "output_bytes": 64, "must_alias_bytes": 0, "may_alias_bytes": 0, "unused_donor_bytes": 0, "unaliased_output_bytes": 64, "unknown_size_leaves": 0}]}}
// ADD: input_output_alias={ {0}: (1, {}, may-alias), {1}: (0, {}, may-alias) }{{$}}

module @m attributes {mhlo.xla_entry_computation_parameter_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>, []], mhlo.xla_entry_computation_result_layout = [dense<[1, 0]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>]} {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>, %arg2: tensor<i8>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<4xi32>) {
    %0 = "test.op"() : () -> tensor<4xi32>
    return %arg0, %arg1, %0 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<4xi32>
  }
}
