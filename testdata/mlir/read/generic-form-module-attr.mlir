// In the generic form the module's attribute dictionary follows the region;
// mhlo.input_output_alias and the entry layouts are read from there, and a
// function without arg_attrs has no argument attributes.

// RUN: mhlo-alias --print-config=json %s | FileCheck %s

// CHECK: {"ok": true, "diagnostics": [], "more_errors": 0, "output_shape": "(f32[2,3]{0,1}, s32[4]{0})", "parameters": [{"parameter_number": 0, "shape": "f32[2,3]{0,1}", "bytes": 24, "memory_space": 0}], "outputs": [{"output_index": [0], "shape": "f32[2,3]{0,1}", "bytes": 24, "memory_space": 0}, {"output_index": [1], "shape": "s32[4]{0}", "bytes": 16, "memory_space": 0}], "aliases": [{"output_index": [0], "parameter_number": 0, "parameter_index": [], "kind": "must", "bytes": 24, "parameter_shape": "f32[2,3]{0,1}", "output_shape": "f32[2,3]{0,1}", "memory_space": 0}], "donors": [], "memory": {"parameter_bytes": 24, "output_bytes": 40, "must_alias_bytes": 24, "may_alias_bytes": 0, "unused_donor_bytes": 0, "unaliased_output_bytes": 16, "unknown_size_leaves": 0, "memory_spaces": [{"memory_space": 0, "name": "device memory", "parameter_bytes": 24, "output_bytes": 40, "must_alias_bytes": 24, "may_alias_bytes": 0, "unused_donor_bytes": 0, "unaliased_output_bytes": 16, "unknown_size_leaves": 0}]}}

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<4xi32>), sym_name = "main"}> ({
  ^bb0(%arg0: tensor<2x3xf32>):
    %0 = "test.op"() : () -> tensor<4xi32>
    "func.return"(%arg0, %0) : (tensor<2x3xf32>, tensor<4xi32>) -> ()
  }) : () -> ()
}) {mhlo.input_output_alias = [{alias = {kind = "must_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64: 0>}], mhlo.xla_entry_computation_parameter_layouts = [dense<[0, 1]> : tensor<2xindex>], mhlo.xla_entry_computation_result_layout = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>]} : () -> ()
