// --list-passes prints every pass in the compiler's registry order, then
// XLA's own donation pass and JAX's pairing, one a line: registry name,
// short alias (if any), one-line summary (decisions.md, "The passes" and "The command line").
// The summaries state each pass's effect, including the Flip naming quirk
// (family spec QUIRK): the name says which kind is flipped away. Under a
// pass, each of its options, indented, with its type and default
// (decisions.md, "Upstream's donation pass, and pass options").

// RUN: mhlo-alias --list-passes | FileCheck %s

// CHECK:      {{^}}remove-aliases remove every input/output alias{{$}}
// CHECK-NEXT: {{^}}add-must-aliases pair identical parameters and outputs as must-aliases{{$}}
// CHECK-NEXT: {{^}}add-may-aliases pair identical parameters and outputs as may-aliases{{$}}
// CHECK-NEXT: {{^}}flip-must-aliases make every alias a may-alias{{$}}
// CHECK-NEXT: {{^}}flip-may-aliases make every alias a must-alias{{$}}
// CHECK-NEXT: {{^}}aws_neuron_alias_to_must_alias alias-to-must-alias make every alias a must-alias, after layout assignment{{$}}
// CHECK-NEXT: {{^}}aws_neuron_buffer_donation_to_alias buffer-donation-to-alias turn buffer donors into may-aliases of equal outputs{{$}}
// CHECK-NEXT: {{^}}optimize_input_output_buffer_alias xla-buffer-donation pair donors and outputs of equal byte size, as XLA does{{$}}
// CHECK-NEXT: {{^ +}}registered-donors-only=<bool> (default true): only registered buffer donors may be aliased (false: any unaliased parameter leaf){{$}}
// CHECK-NEXT: {{^}}jax-donation pair donated parameters with outputs as JAX's lowering does{{$}}
// CHECK-NEXT: {{^ +}}donated=<params> (default marked): the donated parameters by number, or marked: those with a may-alias or a donor registration{{$}}
// CHECK-EMPTY:

func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  return %arg0 : tensor<4xf32>
}
