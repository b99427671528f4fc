// aws_neuron_alias_to_must_alias, short name alias-to-must-alias, makes
// every alias a must-alias: the post-layout twin of flip-may-aliases, with
// the same end state (decisions.md, "The passes"; family spec NOTE on
// passes 48 and 72). Both names run the same pass; donors and the output
// shape are untouched.

// RUN: mhlo-alias --passes=alias-to-must-alias --print-config %s | FileCheck %s
// RUN: mhlo-alias --passes=aws_neuron_alias_to_must_alias --print-config %s | FileCheck %s
// RUN: mhlo-alias --passes=flip-may-aliases --print-config %s | FileCheck %s
// RUN: mhlo-alias --passes=flip-must-aliases,alias-to-must-alias --print-config=short %s | FileCheck %s --check-prefix=SHORT
// RUN: mhlo-alias --passes=alias-to-must-alias,flip-must-aliases --print-config=short %s | FileCheck %s --check-prefix=DEMOTED

// Read from the module attribute (XLA's importer format): {0} <- (1, {})
// may, {1,0} <- (0, {}) must; donor (2, {}). Layouts come from the module
// (parameter 1 is column-major, and so is output {0}).
// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: (f32[2,2], (s32[2]))
// CHECK-NEXT:   OutputIndex {0} is must-aliased with parameter 1 at {}:
// CHECK-NEXT:   OutputIndex {1,0} is must-aliased with parameter 0 at {}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-NEXT:   Parameter 2 at {} is registered as a buffer donor.
// CHECK-EMPTY:

// Demoting first and promoting after gives the same pairs, all must.
// SHORT: {{^}}input_output_alias={ {0}: (1, {}, must-alias), {1,0}: (0, {}, must-alias) }, buffer_donor={ (2, {}) }{{$}}

// The last pass decides the kind.
// DEMOTED: {{^}}input_output_alias={ {0}: (1, {}, may-alias), {1,0}: (0, {}, may-alias) }, buffer_donor={ (2, {}) }{{$}}

module @imported attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 1 : i64}, output_index = array<i64: 0>}, {alias = {kind = "must_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64: 1, 0>}], mhlo.xla_entry_computation_parameter_layouts = [dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>], mhlo.xla_entry_computation_result_layout = [dense<[0, 1]> : tensor<2xindex>, [dense<0> : tensor<1xindex>]]} {
  func.func @main(%arg0: tensor<2xi32>, %arg1: tensor<2x2xf32>, %arg2: tensor<2x2xf32> {jax.buffer_donor = true}) -> (tensor<2x2xf32>, tuple<tensor<2xi32>>) {
    %0 = "mhlo.tuple"(%arg0) : (tensor<2xi32>) -> tuple<tensor<2xi32>>
    return %arg1, %0 : tensor<2x2xf32>, tuple<tensor<2xi32>>
  }
}
