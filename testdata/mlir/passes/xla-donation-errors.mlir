// optimize_input_output_buffer_alias needs resolved layouts on the leaves it
// considers (decisions.md, "Upstream's donation pass, and pass options"):
// the donor candidates, in parameter order and pre-order, then the
// unaliased output array leaves. The first unresolved one is an error at
// its argument or result, exit status 1, and nothing is printed. A dynamic
// output makes the pass a no-op before any check, as upstream returns
// early; a dynamic donor is skipped.

// RUN: not mhlo-alias --passes=xla-buffer-donation --print-config %s 2>&1 | FileCheck %s --check-prefix=DONOR --implicit-check-not=HloInputOutputAliasConfig
// RUN: not mhlo-alias --entry=output --passes=xla-buffer-donation --print-config %s 2>&1 | FileCheck %s --check-prefix=OUTPUT --implicit-check-not=HloInputOutputAliasConfig
// RUN: mhlo-alias --entry=any --passes=xla-buffer-donation --print-config=short %s | FileCheck %s --check-prefix=REGISTERED
// RUN: not mhlo-alias --entry=any "--passes=xla-buffer-donation{registered-donors-only=false}" --print-config %s 2>&1 | FileCheck %s --check-prefix=ANY --implicit-check-not=HloInputOutputAliasConfig
// RUN: mhlo-alias --entry=dynamic --passes=xla-buffer-donation --print-config=short %s | FileCheck %s --check-prefix=DYNAMIC
// RUN: mhlo-alias --entry=dynamic_donor --passes=xla-buffer-donation --print-config=short %s | FileCheck %s --check-prefix=DYNDONOR

// @main: donor 1 is unresolved; reported at its argument, before the
// outputs.
// DONOR: {{^}}{{.*}}xla-donation-errors.mlir:35:39: error: optimize_input_output_buffer_alias needs resolved layouts, but the layout of parameter 1 at {} (f32[4]) is unresolved; --assume-default-layouts assumes XLA's default layout for every unresolved one{{$}}

// @output: output {1} is unresolved and unaliased; reported at its result.
// OUTPUT: {{^}}{{.*}}xla-donation-errors.mlir:39:86: error: optimize_input_output_buffer_alias needs resolved layouts, but the layout of output index {1} (f32[2,2]) is unresolved; --assume-default-layouts assumes XLA's default layout for every unresolved one{{$}}

// @any: parameter 1 is unresolved but no donor, so with registered donors
// only it is not considered; with registered-donors-only=false it is.
// REGISTERED: {{^}}input_output_alias={ {}: (0, {}, may-alias) }{{$}}
// ANY: {{^}}{{.*}}xla-donation-errors.mlir:43:64: error: optimize_input_output_buffer_alias needs resolved layouts, but the layout of parameter 1 at {} (f32[4]) is unresolved; --assume-default-layouts assumes XLA's default layout for every unresolved one{{$}}

// @dynamic: output {1} is dynamic, so nothing changes, and the unresolved
// donor 0 is never checked.
// DYNAMIC: {{^}}buffer_donor={ (0, {}), (1, {}) }{{$}}

// @dynamic_donor: donor 0 is dynamic and skipped; donor 1 takes the output.
// DYNDONOR: {{^}}input_output_alias={ {}: (1, {}, may-alias) }, buffer_donor={ (0, {}) }{{$}}

func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<4xf32> {jax.buffer_donor = true, mhlo.layout_mode = "auto"}) -> (tensor<4xf32>, tensor<4xf32>) {
  return %arg0, %arg1 : tensor<4xf32>, tensor<4xf32>
}

func.func @output(%arg0: tensor<4xf32> {jax.buffer_donor = true}) -> (tensor<4xf32>, tensor<2x2xf32> {mhlo.layout_mode = "auto"}) {
  return %arg0, %arg0 : tensor<4xf32>, tensor<2x2xf32>
}

func.func @any(%arg0: tensor<4xf32> {jax.buffer_donor = true}, %arg1: tensor<4xf32> {mhlo.layout_mode = "auto"}) -> tensor<4xf32> {
  return %arg0 : tensor<4xf32>
}

func.func @dynamic(%arg0: tensor<4xf32> {jax.buffer_donor = true, mhlo.layout_mode = "auto"}, %arg1: tensor<4xf32> {jax.buffer_donor = true}) -> (tensor<4xf32>, tensor<?xf32>) {
  return %arg0, %arg0 : tensor<4xf32>, tensor<?xf32>
}

func.func @dynamic_donor(%arg0: tensor<?xf32> {jax.buffer_donor = true}, %arg1: tensor<4xf32> {jax.buffer_donor = true}) -> tensor<4xf32> {
  return %arg1 : tensor<4xf32>
}
