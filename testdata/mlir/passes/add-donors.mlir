// A parameter taken by discovery loses its donor registration, so the
// donor/alias invariant holds after every pass (decisions.md, "The
// passes"). A donor is still a candidate (docs/passes.md, "Discovery and
// donors"); donors that discovery does not take stay donors.
// jax.buffer_donor = false still registers a donor (decisions.md, "Reading
// aliases and donors"), so it is removed the same way.

// RUN: mhlo-alias --passes=add-must-aliases --print-config %s | FileCheck %s
// RUN: mhlo-alias --passes=add-may-aliases --verify-each=false --print-config=short %s | FileCheck %s --check-prefix=SHORT

// Donors read: 0, 1 (false), 2, 3. Outputs: {0} f32[4] takes 0 (lowest);
// {1} f32[4] takes 1; {2} f32[2] finds nothing. Donors 0 and 1 go; 2
// (f32[8], no equal output) and 3 (s32[4], none) stay.
// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: (f32[4], f32[4], f32[2])
// CHECK-NEXT:   OutputIndex {0} is must-aliased with parameter 0 at {}:
// CHECK-NEXT:   OutputIndex {1} is must-aliased with parameter 1 at {}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-NEXT:   Parameter 2 at {} is registered as a buffer donor.
// CHECK-NEXT:   Parameter 3 at {} is registered as a buffer donor.
// CHECK-EMPTY:

// The removal is part of the pass, not of the per-pass verification: with
// --verify-each=false the result is the same.
// SHORT: {{^}}input_output_alias={ {0}: (0, {}, may-alias), {1}: (1, {}, may-alias) }, buffer_donor={ (2, {}), (3, {}) }{{$}}

func.func @main(%arg0: tensor<4xf32> {jax.buffer_donor = true}, %arg1: tensor<4xf32> {jax.buffer_donor = false}, %arg2: tensor<8xf32> {jax.buffer_donor = true}, %arg3: tensor<4xi32> {jax.buffer_donor = true}) -> (tensor<4xf32>, tensor<4xf32>, tensor<2xf32>) {
  %0 = "stablehlo.slice"(%arg0) {start_indices = array<i64: 0>, limit_indices = array<i64: 2>, strides = array<i64: 1>} : (tensor<4xf32>) -> tensor<2xf32>
  return %arg0, %arg1, %0 : tensor<4xf32>, tensor<4xf32>, tensor<2xf32>
}
