// Donation needs resolved layouts: every donor's parameter leaf and every
// unaliased output array leaf is checked before anything is matched, and an
// unresolved one (mhlo.layout_mode = "auto") is an error naming the
// parameter or the result, at its argument or result, exit status 1
// (decisions.md, "The passes" and "Fine points"; family spec, pass 73
// preconditions). Donors are checked first, then outputs in pre-order
// (docs/passes.md, "Donation's layout check"). No config is printed.

// RUN: not mhlo-alias --passes=buffer-donation-to-alias --print-config %s 2>&1 | FileCheck %s --check-prefix=DONOR --implicit-check-not=HloInputOutputAliasConfig
// RUN: not mhlo-alias --entry=output --passes=buffer-donation-to-alias --print-config %s 2>&1 | FileCheck %s --check-prefix=OUTPUT --implicit-check-not=HloInputOutputAliasConfig
// RUN: not mhlo-alias --entry=output --passes=add-may-aliases,buffer-donation-to-alias --print-config %s 2>&1 | FileCheck %s --check-prefix=OUTPUT --implicit-check-not=HloInputOutputAliasConfig
// RUN: not mhlo-alias --entry=no_donors --passes=aws_neuron_buffer_donation_to_alias --print-config %s 2>&1 | FileCheck %s --check-prefix=NODONORS --implicit-check-not=HloInputOutputAliasConfig

// @main: donor 1 and output {0} are both unresolved; the donor is reported,
// at its argument.
// DONOR: {{^}}{{.*}}donation-layout-error.mlir:40:39: error: aws_neuron_buffer_donation_to_alias needs resolved layouts, but the layout of buffer donor parameter 1 at {} (f32[4]) is unresolved; --assume-default-layouts assumes XLA's default layout for every unresolved one{{$}}

// @output: the donor is resolved. Output {0} is unresolved but already
// aliased, so it is not checked; output {1} is unresolved and unaliased and
// is reported, at its result. add-may-aliases before it pairs nothing (the
// only unresolved parameter is already aliased), so the pipeline fails the
// same way, in the donation pass.
// OUTPUT: {{^}}{{.*}}donation-layout-error.mlir:44:194: error: aws_neuron_buffer_donation_to_alias needs resolved layouts, but the layout of output index {1} (f32[2,2]) is unresolved; --assume-default-layouts assumes XLA's default layout for every unresolved one{{$}}

// @no_donors: even with no donor at all, the outputs are checked.
// NODONORS: {{^}}{{.*}}donation-layout-error.mlir:49:28: error: aws_neuron_buffer_donation_to_alias needs resolved layouts, but the layout of output index {} (s8[3]) is unresolved; --assume-default-layouts assumes XLA's default layout for every unresolved one{{$}}

// RUN: mhlo-alias --entry=resolved_enough --passes=buffer-donation-to-alias --print-config %s | FileCheck %s --check-prefix=OK

// @resolved_enough: unresolved layouts that donation does not look at are
// fine: parameter 0 is not a donor, output {0} is already aliased. Donor 2
// takes {1}.
// OK:      HloInputOutputAliasConfig
// OK-NEXT:   Output shape: (f32[4], f32[4])
// OK-NEXT:   OutputIndex {0} is may-aliased with parameter 1 at {}:
// OK-NEXT:   OutputIndex {1} is may-aliased with parameter 2 at {}:
// OK-NEXT: HloBufferDonorConfig
// OK-EMPTY:

func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<4xf32> {jax.buffer_donor = true, mhlo.layout_mode = "auto"}) -> (tensor<4xf32> {mhlo.layout_mode = "auto"}, tensor<4xf32>) {
  return %arg0, %arg1 : tensor<4xf32>, tensor<4xf32>
}

func.func @output(%arg0: tensor<4xf32> {mhlo.layout_mode = "auto", tf.aliasing_output = 0 : i32}, %arg1: tensor<4xf32> {jax.buffer_donor = true}) -> (tensor<4xf32> {mhlo.layout_mode = "auto"}, tensor<2x2xf32> {mhlo.layout_mode = "auto"}) {
  %0 = "test.op"() : () -> tensor<2x2xf32>
  return %arg0, %0 : tensor<4xf32>, tensor<2x2xf32>
}

func.func @no_donors() -> (tensor<3xi8> {mhlo.layout_mode = "auto"}) {
  %0 = "test.op"() : () -> tensor<3xi8>
  return %0 : tensor<3xi8>
}

func.func @resolved_enough(%arg0: tensor<4xf32> {mhlo.layout_mode = "auto"}, %arg1: tensor<4xf32> {tf.aliasing_output = 0 : i32}, %arg2: tensor<4xf32> {jax.buffer_donor = true}) -> (tensor<4xf32> {mhlo.layout_mode = "auto"}, tensor<4xf32>) {
  return %arg1, %arg2 : tensor<4xf32>, tensor<4xf32>
}

// RUN: not mhlo-alias --use-tuple-args --passes=buffer-donation-to-alias --print-config %s 2>&1 | FileCheck %s --check-prefix=TUPLED --implicit-check-not=HloInputOutputAliasConfig

// @main with --use-tuple-args: the donor is the leaf (0, {1}) of the one
// tuple parameter; the error names that leaf and points at argument 1.
// TUPLED: {{^}}{{.*}}donation-layout-error.mlir:40:39: error: aws_neuron_buffer_donation_to_alias needs resolved layouts, but the layout of buffer donor parameter 0 at {1} (f32[4]) is unresolved; --assume-default-layouts assumes XLA's default layout for every unresolved one{{$}}
