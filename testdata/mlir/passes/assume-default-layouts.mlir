// An unresolved layout (mhlo.layout_mode = "auto") stops the donation
// passes with an error naming the way past it; --assume-default-layouts
// gives each unresolved parameter and output leaf XLA's default layout
// before the passes run, with an Analysis remark (layout-assumed) for each
// assumption, and the passes pair as if the layouts were written.

// RUN: not mhlo-alias --passes=buffer-donation-to-alias %s 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: {{^}}{{.*}}assume-default-layouts.mlir:[[@LINE+11]]:17: error: aws_neuron_buffer_donation_to_alias needs resolved layouts, but the layout of buffer donor parameter 0 at {} (f32[4,8]) is unresolved; --assume-default-layouts assumes XLA's default layout for every unresolved one{{$}}

// RUN: mhlo-alias --assume-default-layouts --passes=buffer-donation-to-alias --remarks-filter='layout-assumed' --verify-diagnostics %s -o /dev/null
// RUN: mhlo-alias --assume-default-layouts --passes=buffer-donation-to-alias --print-config=short %s | FileCheck %s --check-prefix=NEURON
// NEURON: input_output_alias={ {0}: (0, {}, may-alias), {1}: (2, {}, may-alias) }{{$}}
// RUN: mhlo-alias --assume-default-layouts --passes=xla-buffer-donation --print-config=short %s | FileCheck %s --check-prefix=XLA
// XLA: input_output_alias={ {0}: (0, {}, may-alias), {1}: (2, {}, may-alias) }{{$}}

// expected-remark @+3 {{[Analysis] assume-default-layouts | Category:layout-assumed | Remark="parameter 0 at {} has an unresolved layout; assumed XLA's default layout: f32[4,8]{1,0}"}}
// expected-remark @+2 {{Remark="parameter 2 at {} has an unresolved layout; assumed XLA's default layout: f32[2]{0}"}}
// expected-remark @+1 {{Remark="output {1} has an unresolved layout; assumed XLA's default layout: f32[2]{0}"}}
func.func @main(%arg0: tensor<4x8xf32> {jax.buffer_donor = true, mhlo.layout_mode = "auto"}, %arg1: tensor<2xf32>, %arg2: tensor<2xf32> {jax.buffer_donor = true, mhlo.layout_mode = "auto"}) -> (tensor<4x8xf32>, tensor<2xf32> {mhlo.layout_mode = "auto"}) {
  return %arg0, %arg1 : tensor<4x8xf32>, tensor<2xf32>
}
