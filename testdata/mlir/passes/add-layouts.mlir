// Layouts are part of the discovery key (decisions.md, "The passes", and
// "Fine points"; family spec NOTE on Shape::ToString(print_layout=true)):
// - two resolved layouts pair only when equal ({1,0} never takes {0,1});
// - two unresolved layouts (mhlo.layout_mode = "auto") print no layout and
//   so pair with each other;
// - a resolved layout never pairs with an unresolved one, even when the
//   unresolved parameter is lower-numbered.

// RUN: mhlo-alias --passes=add-may-aliases --print-config %s | FileCheck %s
// RUN: mhlo-alias --passes=add-may-aliases --print-config=json %s | FileCheck %s --check-prefix=JSON

// Keys: parameter 0 f32[2,3]{0,1}, 1 f32[2,3] (auto), 2 f32[2,3]{1,0}
// (no layout_mode: the default), 3 f32[2,3] (auto), 4 f32[2,3]{0,1}.
// Outputs: {0} auto -> 1; {1} default {1,0} -> 2 (not 1, unresolved);
// {2} "{0,1}" -> 0; {3} "default" {1,0} -> none (2 is taken, 0 and 4 are
// {0,1}, 1 and 3 unresolved); {4} auto -> 3; {5} auto -> none.
// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: (f32[2,3], f32[2,3], f32[2,3], f32[2,3], f32[2,3], f32[2,3])
// CHECK-NEXT:   OutputIndex {0} is may-aliased with parameter 1 at {}:
// CHECK-NEXT:   OutputIndex {1} is may-aliased with parameter 2 at {}:
// CHECK-NEXT:   OutputIndex {2} is may-aliased with parameter 0 at {}:
// CHECK-NEXT:   OutputIndex {4} is may-aliased with parameter 3 at {}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-EMPTY:

// The JSON form shows the layouts the keys were built from.
// JSON: {{^}}{"ok": true, "diagnostics": [], "more_errors": 0, "output_shape": "(f32[2,3], f32[2,3]{1,0}, f32[2,3]{0,1}, f32[2,3]{1,0}, f32[2,3], f32[2,3])", "parameters": [{"parameter_number": 0, "shape": "f32[2,3]{0,1}", "bytes": 24, "memory_space": 0}, {"parameter_number": 1, "shape": "f32[2,3]", "bytes": 24, "memory_space": 0}, {"parameter_number": 2, "shape": "f32[2,3]{1,0}", "bytes": 24, "memory_space": 0}, {"parameter_number": 3, "shape": "f32[2,3]", "bytes": 24, "memory_space": 0}, {"parameter_number": 4, "shape": "f32[2,3]{0,1}", "bytes": 24, "memory_space": 0}], "outputs": [{"output_index": [0], "shape": "f32[2,3]", "bytes": 24, "memory_space": 0}, {"output_index": [1], "shape": "f32[2,3]{1,0}", "bytes": 24, "memory_space": 0}, {"output_index": [2], "shape": "f32[2,3]{0,1}", "bytes": 24, "memory_space": 0}, {"output_index": [3], "shape": "f32[2,3]{1,0}", "bytes": 24, "memory_space": 0}, {"output_index": [4], "shape": "f32[2,3]", "bytes": 24, "memory_space": 0}, {"output_index": [5], "shape": "f32[2,3]", "bytes": 24, "memory_space": 0}], "aliases": [{"output_index": [0], "parameter_number": 1, "parameter_index": [], "kind": "may", "bytes": 24, "parameter_shape": "f32[2,3]", "output_shape": "f32[2,3]", "memory_space": 0}, {"output_index": [1], "parameter_number": 2, "parameter_index": [], "kind": "may", "bytes": 24, "parameter_shape": "f32[2,3]{1,0}", "output_shape": "f32[2,3]{1,0}", "memory_space": 0}, {"output_index": [2], "parameter_number": 0, "parameter_index": [], "kind": "may", "bytes": 24, "parameter_shape": "f32[2,3]{0,1}", "output_shape": "f32[2,3]{0,1}", "memory_space": 0}, {"output_index": [4], "parameter_number": 3, "parameter_index": [], "kind": "may", "bytes": 24, "parameter_shape": "f32[2,3]", "output_shape": "f32[2,3]", "memory_space": 0}], "donors": [], "memory": {"parameter_bytes": 120, "output_bytes": 144, "must_alias_bytes": 0, "may_alias_bytes": 96, "unused_donor_bytes": 0, "unaliased_output_bytes": 48, "unknown_size_leaves": 0, "memory_spaces": [{"memory_space": 0, "name": "device memory", "parameter_bytes": 120, "output_bytes": 144, "must_alias_bytes": 0, "may_alias_bytes": 96, "unused_donor_bytes": 0, "unaliased_output_bytes": 48, "unknown_size_leaves": 0}]}}

// RUN: mhlo-alias --entry=scalars --passes=add-must-aliases --print-config %s | FileCheck %s --check-prefix=SCALAR

// A scalar prints no layout whether or not it is resolved ("f32[]" either
// way, as XLA's ShapeUtil prints it), so a resolved scalar output pairs
// with an unresolved scalar parameter: the key is the printed shape
// (docs/passes.md, "Discovery keys"). Rank 1 is not like that: f32[2] auto
// does not pair with f32[2]{0}.
// SCALAR:      HloInputOutputAliasConfig
// SCALAR-NEXT:   Output shape: (f32[], f32[2])
// SCALAR-NEXT:   OutputIndex {0} is must-aliased with parameter 0 at {}:
// SCALAR-NEXT: HloBufferDonorConfig
// SCALAR-EMPTY:

func.func @main(%arg0: tensor<2x3xf32> {mhlo.layout_mode = "{0,1}"}, %arg1: tensor<2x3xf32> {mhlo.layout_mode = "auto"}, %arg2: tensor<2x3xf32>, %arg3: tensor<2x3xf32> {mhlo.layout_mode = "auto"}, %arg4: tensor<2x3xf32> {mhlo.layout_mode = "{0,1}"}) -> (tensor<2x3xf32> {mhlo.layout_mode = "auto"}, tensor<2x3xf32>, tensor<2x3xf32> {mhlo.layout_mode = "{0,1}"}, tensor<2x3xf32> {mhlo.layout_mode = "default"}, tensor<2x3xf32> {mhlo.layout_mode = "auto"}, tensor<2x3xf32> {mhlo.layout_mode = "auto"}) {
  return %arg1, %arg2, %arg0, %arg2, %arg3, %arg3 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

func.func @scalars(%arg0: tensor<f32> {mhlo.layout_mode = "auto"}, %arg1: tensor<2xf32> {mhlo.layout_mode = "auto"}) -> (tensor<f32> {mhlo.layout_mode = "default"}, tensor<2xf32> {mhlo.layout_mode = "default"}) {
  return %arg0, %arg1 : tensor<f32>, tensor<2xf32>
}
