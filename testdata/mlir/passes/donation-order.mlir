// Donors are visited in (parameter, index) order, and each takes the first
// equal output leaf that has no alias, counting those made by earlier
// donors (decisions.md, "The passes"). Two donors and two equal outputs pair
// in order; a third equal donor finds every equal output taken and stays a
// donor.

// RUN: mhlo-alias --passes=buffer-donation-to-alias --print-config %s | FileCheck %s

// Donors 1, 2, 3 are f32[4]{0}; parameter 0 is not a donor. Outputs {0}
// and {2} are f32[4]{0}, {1} is f32[2]{0}. Donor 1 takes {0}, donor 2
// takes {2}, donor 3 stays.
// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: (f32[4], f32[2], f32[4])
// CHECK-NEXT:   OutputIndex {0} is may-aliased with parameter 1 at {}:
// CHECK-NEXT:   OutputIndex {2} is may-aliased with parameter 2 at {}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-NEXT:   Parameter 3 at {} is registered as a buffer donor.
// CHECK-EMPTY:

// RUN: mhlo-alias --use-tuple-args --passes=buffer-donation-to-alias --print-config %s | FileCheck %s --check-prefix=TUPLED

// With --use-tuple-args the donors are leaves of parameter 0, (0, {1}),
// (0, {2}), (0, {3}), and are visited in index order the same way.
// TUPLED:      HloInputOutputAliasConfig
// TUPLED-NEXT:   Output shape: (f32[4], f32[2], f32[4])
// TUPLED-NEXT:   OutputIndex {0} is may-aliased with parameter 0 at {1}:
// TUPLED-NEXT:   OutputIndex {2} is may-aliased with parameter 0 at {2}:
// TUPLED-NEXT: HloBufferDonorConfig
// TUPLED-NEXT:   Parameter 0 at {3} is registered as a buffer donor.
// TUPLED-EMPTY:

func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<4xf32> {jax.buffer_donor = true}, %arg2: tensor<4xf32> {jax.buffer_donor = true}, %arg3: tensor<4xf32> {jax.buffer_donor = true}) -> (tensor<4xf32>, tensor<2xf32>, tensor<4xf32>) {
  %0 = "test.op"() : () -> tensor<2xf32>
  return %arg1, %0, %arg2 : tensor<4xf32>, tensor<2xf32>, tensor<4xf32>
}

// RUN: mhlo-alias --entry=one_output --passes=buffer-donation-to-alias --print-config %s | FileCheck %s --check-prefix=ONE

// One s32[16] output, two equal donors: the lower-numbered one (1) wins,
// although the function returns argument 2; donor 2 stays. Donor 0 comes
// first but is u32[16], not equal (same size, other element type), and
// stays too.
// ONE:      HloInputOutputAliasConfig
// ONE-NEXT:   Output shape: s32[16]
// ONE-NEXT:   OutputIndex {} is may-aliased with parameter 1 at {}:
// ONE-NEXT: HloBufferDonorConfig
// ONE-NEXT:   Parameter 0 at {} is registered as a buffer donor.
// ONE-NEXT:   Parameter 2 at {} is registered as a buffer donor.
// ONE-EMPTY:

func.func @one_output(%arg0: tensor<16xui32> {jax.buffer_donor = true}, %arg1: tensor<16xi32> {jax.buffer_donor = true}, %arg2: tensor<16xi32> {jax.buffer_donor = true}) -> tensor<16xi32> {
  return %arg2 : tensor<16xi32>
}
