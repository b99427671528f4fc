// Pass names on the command line (decisions.md, "The passes" and "The
// command line"; docs/passes.md, "Parse"): the registry names and the
// short aliases select the same pass, names run in the order given, spaces
// around a name are ignored, and an empty --passes is the empty pipeline.
// An unknown name, a name in the wrong case, or an empty name between
// commas is a usage error (exit status 2; `not` accepts any non-zero
// status) whose message lists every valid name, aliases in parentheses;
// nothing is printed on stdout.

// RUN: not mhlo-alias --passes=nope --print-config %s 2>&1 | FileCheck %s --check-prefix=NOPE --implicit-check-not=HloInputOutputAliasConfig
// RUN: not mhlo-alias --passes=Remove-Aliases --print-config %s 2>&1 | FileCheck %s --check-prefix=CASE --implicit-check-not=HloInputOutputAliasConfig
// RUN: not mhlo-alias --passes=remove-aliases,,add-may-aliases --print-config %s 2>&1 | FileCheck %s --check-prefix=EMPTYNAME --implicit-check-not=HloInputOutputAliasConfig
// RUN: not mhlo-alias --passes=flip-may-aliases,alias_to_must_alias --print-config %s 2>&1 | FileCheck %s --check-prefix=UNDERSCORE --implicit-check-not=HloInputOutputAliasConfig

// NOPE: {{^}}mhlo-alias: unknown pass "nope"; valid passes are remove-aliases, add-must-aliases, add-may-aliases, flip-must-aliases, flip-may-aliases, aws_neuron_alias_to_must_alias (alias-to-must-alias), aws_neuron_buffer_donation_to_alias (buffer-donation-to-alias), optimize_input_output_buffer_alias (xla-buffer-donation), jax-donation{{$}}
// CASE: {{^}}mhlo-alias: unknown pass "Remove-Aliases"; valid passes are remove-aliases, add-must-aliases, add-may-aliases, flip-must-aliases, flip-may-aliases, aws_neuron_alias_to_must_alias (alias-to-must-alias), aws_neuron_buffer_donation_to_alias (buffer-donation-to-alias), optimize_input_output_buffer_alias (xla-buffer-donation), jax-donation{{$}}
// EMPTYNAME: {{^}}mhlo-alias: empty pass name in "remove-aliases,,add-may-aliases"; valid passes are remove-aliases, add-must-aliases, add-may-aliases, flip-must-aliases, flip-may-aliases, aws_neuron_alias_to_must_alias (alias-to-must-alias), aws_neuron_buffer_donation_to_alias (buffer-donation-to-alias), optimize_input_output_buffer_alias (xla-buffer-donation), jax-donation{{$}}
// The short names are exactly alias-to-must-alias and buffer-donation-to-alias;
// the registry name without its prefix is not one of them.
// UNDERSCORE: {{^}}mhlo-alias: unknown pass "alias_to_must_alias"; valid passes are remove-aliases, add-must-aliases, add-may-aliases, flip-must-aliases, flip-may-aliases, aws_neuron_alias_to_must_alias (alias-to-must-alias), aws_neuron_buffer_donation_to_alias (buffer-donation-to-alias), optimize_input_output_buffer_alias (xla-buffer-donation), jax-donation{{$}}

// RUN: mhlo-alias --passes= --print-config=short %s | FileCheck %s --check-prefix=NONE
// RUN: mhlo-alias "--passes= remove-aliases , add-must-aliases " --print-config=short %s | FileCheck %s --check-prefix=SPACES
// RUN: mhlo-alias --passes=buffer-donation-to-alias,alias-to-must-alias --print-config=short %s | FileCheck %s --check-prefix=SHORTNAMES
// RUN: mhlo-alias --passes=aws_neuron_buffer_donation_to_alias,aws_neuron_alias_to_must_alias --print-config=short %s | FileCheck %s --check-prefix=SHORTNAMES

// The empty pipeline prints the config as read: {0} <- (1, {}) may, donor 2.
// NONE: {{^}}input_output_alias={ {0}: (1, {}, may-alias) }, buffer_donor={ (2, {}) }{{$}}

// remove-aliases, then add-must-aliases pairs {0} with parameter 0 and {1}
// with parameter 1 (lowest first); the donor 2 (f32[2]) has no equal output.
// SPACES: {{^}}input_output_alias={ {0}: (0, {}, must-alias), {1}: (1, {}, must-alias) }, buffer_donor={ (2, {}) }{{$}}

// Both spellings of the same pipeline: the donor 2 (f32[2]) has no equal
// output and stays; promotion then makes the read alias must.
// SHORTNAMES: {{^}}input_output_alias={ {0}: (1, {}, must-alias) }, buffer_donor={ (2, {}) }{{$}}

func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<4xf32> {tf.aliasing_output = 0 : i32}, %arg2: tensor<2xf32> {jax.buffer_donor = true}) -> (tensor<4xf32>, tensor<4xf32>) {
  return %arg1, %arg0 : tensor<4xf32>, tensor<4xf32>
}
