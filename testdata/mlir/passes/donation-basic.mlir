// buffer-donation-to-alias (aws_neuron_buffer_donation_to_alias): a donor
// takes the first unaliased output array leaf of an equal shape; the pair
// becomes a may-alias, not a must-alias, and the donor registration is
// removed; donors that match nothing stay donors (decisions.md, "The
// passes"; family spec QUIRK on pass 73). Donation pairs only donors: the
// non-donor parameter 2 stays apart from the equal output {0}. Both
// names of the pass run the same pass.

// RUN: mhlo-alias --passes=buffer-donation-to-alias --print-config %s | FileCheck %s
// RUN: mhlo-alias --passes=aws_neuron_buffer_donation_to_alias --print-config %s | FileCheck %s
// RUN: mhlo-alias --passes=buffer-donation-to-alias --print-config=short %s | FileCheck %s --check-prefix=SHORT
// RUN: mhlo-alias --passes=buffer-donation-to-alias,alias-to-must-alias --print-config %s | FileCheck %s --check-prefix=PROMOTED
// RUN: mhlo-alias --passes=buffer-donation-to-alias,buffer-donation-to-alias --print-config=short %s | FileCheck %s --check-prefix=SHORT

// Donors: 0 f32[2,2]{1,0}, 1 s32[8]{0}. Donor 0 passes over {0} (f32[4],
// not equal) and takes {1}. Donor 1 finds no s32[8] output and stays.
// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: (f32[4], f32[2,2])
// CHECK-NEXT:   OutputIndex {1} is may-aliased with parameter 0 at {}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-NEXT:   Parameter 1 at {} is registered as a buffer donor.
// CHECK-EMPTY:

// A second run finds nothing more to do.
// SHORT: {{^}}input_output_alias={ {1}: (0, {}, may-alias) }, buffer_donor={ (1, {}) }{{$}}

// Donation then promotion, the compiler's post-layout order: the donated
// pair becomes a must-alias; the unmatched donor stays.
// PROMOTED:      HloInputOutputAliasConfig
// PROMOTED-NEXT:   Output shape: (f32[4], f32[2,2])
// PROMOTED-NEXT:   OutputIndex {1} is must-aliased with parameter 0 at {}:
// PROMOTED-NEXT: HloBufferDonorConfig
// PROMOTED-NEXT:   Parameter 1 at {} is registered as a buffer donor.
// PROMOTED-EMPTY:

func.func @main(%arg0: tensor<2x2xf32> {jax.buffer_donor = true}, %arg1: tensor<8xi32> {jax.buffer_donor = true}, %arg2: tensor<4xf32>) -> (tensor<4xf32>, tensor<2x2xf32>) {
  return %arg2, %arg0 : tensor<4xf32>, tensor<2x2xf32>
}
