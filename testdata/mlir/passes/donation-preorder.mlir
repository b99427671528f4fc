// Donation takes the first equal output array leaf in pre-order, skipping
// leaves that already have an alias (decisions.md, "The passes"; family
// spec, pass 73: only outputs without OutputHasAlias enter the table).
// Leaves inside nested tuple outputs count; the tuple nodes themselves are
// never candidates.

// RUN: mhlo-alias --passes=buffer-donation-to-alias --print-config %s | FileCheck %s
// RUN: mhlo-alias --passes=buffer-donation-to-alias --print-config=json %s | FileCheck %s --check-prefix=JSON

// Read: {1,0} <- (0, {}) may. Donors 1, 2 are f16[3]{0}.
// Pre-order: {0} f16[2] (not equal), {1} tuple, {1,0} aliased, {1,1} tuple,
// {1,1,0} f16[3] -> donor 1, {2} f16[3] -> donor 2.
// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: (f16[2], (f16[3], (f16[3])), f16[3])
// CHECK-NEXT:   OutputIndex {1,0} is may-aliased with parameter 0 at {}:
// CHECK-NEXT:   OutputIndex {1,1,0} is may-aliased with parameter 1 at {}:
// CHECK-NEXT:   OutputIndex {2} is may-aliased with parameter 2 at {}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-EMPTY:

// JSON: {{^}}{"ok": true, "diagnostics": [], "more_errors": 0, "output_shape": "(f16[2]{0}, (f16[3]{0}, (f16[3]{0})), f16[3]{0})", "parameters": [{"parameter_number": 0, "shape": "f16[3]{0}", "bytes": 6, "memory_space": 0}, {"parameter_number": 1, "shape": "f16[3]{0}", "bytes": 6, "memory_space": 0}, {"parameter_number": 2, "shape": "f16[3]{0}", "bytes": 6, "memory_space": 0}], "outputs": [{"output_index": [0], "shape": "f16[2]{0}", "bytes": 4, "memory_space": 0}, {"output_index": [1], "shape": "(f16[3]{0}, (f16[3]{0}))", "bytes": 12, "memory_space": 0}, {"output_index": [2], "shape": "f16[3]{0}", "bytes": 6, "memory_space": 0}], "aliases": [{"output_index": [1, 0], "parameter_number": 0, "parameter_index": [], "kind": "may", "bytes": 6, "parameter_shape": "f16[3]{0}", "output_shape": "f16[3]{0}", "memory_space": 0}, {"output_index": [1, 1, 0], "parameter_number": 1, "parameter_index": [], "kind": "may", "bytes": 6, "parameter_shape": "f16[3]{0}", "output_shape": "f16[3]{0}", "memory_space": 0}, {"output_index": [2], "parameter_number": 2, "parameter_index": [], "kind": "may", "bytes": 6, "parameter_shape": "f16[3]{0}", "output_shape": "f16[3]{0}", "memory_space": 0}], "donors": [], "memory": {"parameter_bytes": 18, "output_bytes": 22, "must_alias_bytes": 0, "may_alias_bytes": 18, "unused_donor_bytes": 0, "unaliased_output_bytes": 4, "unknown_size_leaves": 0, "memory_spaces": [{"memory_space": 0, "name": "device memory", "parameter_bytes": 18, "output_bytes": 22, "must_alias_bytes": 0, "may_alias_bytes": 18, "unused_donor_bytes": 0, "unaliased_output_bytes": 4, "unknown_size_leaves": 0}]}}

func.func @main(%arg0: tensor<3xf16> {mhlo.result_alias = #mhlo.result_alias<result_index = [1, 0]>}, %arg1: tensor<3xf16> {jax.buffer_donor = true}, %arg2: tensor<3xf16> {jax.buffer_donor = true}) -> (tensor<2xf16>, tuple<tensor<3xf16>, tuple<tensor<3xf16>>>, tensor<3xf16>) {
  %0 = "test.op"() : () -> tensor<2xf16>
  %1 = "mhlo.tuple"(%arg1) : (tensor<3xf16>) -> tuple<tensor<3xf16>>
  %2 = "mhlo.tuple"(%arg0, %1) : (tensor<3xf16>, tuple<tensor<3xf16>>) -> tuple<tensor<3xf16>, tuple<tensor<3xf16>>>
  return %0, %2, %arg2 : tensor<2xf16>, tuple<tensor<3xf16>, tuple<tensor<3xf16>>>, tensor<3xf16>
}

// RUN: mhlo-alias --entry=tuple_param --passes=buffer-donation-to-alias --print-config %s | FileCheck %s --check-prefix=TUPLEPARAM

// A donor can be a leaf of a tuple parameter (here with --use-tuple-args
// off, an alias from mhlo.result_alias marks part of parameter 0, and
// jax.buffer_donor marks all of parameter 1). Output {0} is a tuple and is
// not a candidate for donor 1; its leaf {0,0} is.
// TUPLEPARAM:      HloInputOutputAliasConfig
// TUPLEPARAM-NEXT:   Output shape: ((s32[2]), s32[2])
// TUPLEPARAM-NEXT:   OutputIndex {0,0} is may-aliased with parameter 1 at {}:
// TUPLEPARAM-NEXT:   OutputIndex {1} is must-aliased with parameter 0 at {0}:
// TUPLEPARAM-NEXT: HloBufferDonorConfig
// TUPLEPARAM-EMPTY:

func.func @tuple_param(%arg0: tuple<tensor<2xi32>> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [0], result_index = [1], must_alias>}, %arg1: tensor<2xi32> {jax.buffer_donor = true}) -> (tuple<tensor<2xi32>>, tensor<2xi32>) {
  %0 = "mhlo.tuple"(%arg1) : (tensor<2xi32>) -> tuple<tensor<2xi32>>
  %1 = "mhlo.get_tuple_element"(%arg0) {index = 0 : i32} : (tuple<tensor<2xi32>>) -> tensor<2xi32>
  return %0, %1 : tuple<tensor<2xi32>>, tensor<2xi32>
}
