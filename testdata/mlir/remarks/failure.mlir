// A pass that fails makes a Failure remark (pass-failed) at each of its
// errors, beside the error itself; the run fails as without remarks.

// RUN: mhlo-alias --passes=buffer-donation-to-alias --remarks-filter-failed='.*' --verify-diagnostics %s -o /dev/null
// RUN: not mhlo-alias --passes=buffer-donation-to-alias --remarks-filter='.*' %s 2>&1 >/dev/null | FileCheck %s

// CHECK:     remark: [Failure] aws_neuron_buffer_donation_to_alias | Category:pass-failed | Remark="aws_neuron_buffer_donation_to_alias needs resolved layouts, but the layout of buffer donor parameter 0 at {} (f32[4]) is unresolved; --assume-default-layouts assumes XLA's default layout for every unresolved one"
// CHECK-NOT: [Analysis]
// CHECK:     error: aws_neuron_buffer_donation_to_alias needs resolved layouts

// expected-error @+2 {{aws_neuron_buffer_donation_to_alias needs resolved layouts, but the layout of buffer donor parameter 0 at {} (f32[4]) is unresolved}}
// expected-remark @+1 {{[Failure] aws_neuron_buffer_donation_to_alias | Category:pass-failed | Remark="aws_neuron_buffer_donation_to_alias needs resolved layouts}}
func.func @main(%arg0: tensor<4xf32> {jax.buffer_donor = true, mhlo.layout_mode = "auto"}) -> tensor<4xf32> {
  %0 = "test.op"() : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
