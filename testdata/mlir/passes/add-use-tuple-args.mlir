// With --use-tuple-args every argument is a leaf of parameter 0, a tuple,
// so add-* finds nothing: that is the compiler's behaviour, not a bug
// (decisions.md, "Fine points"). Donors are still read, as (0, {i}), and
// left alone. Donation, which works on donated leaves, still pairs them.

// RUN: mhlo-alias --passes=add-may-aliases --print-config %s | FileCheck %s --check-prefix=FLAT
// RUN: mhlo-alias --use-tuple-args --passes=add-may-aliases --print-config %s | FileCheck %s --check-prefix=TUPLED
// RUN: mhlo-alias --use-tuple-args --passes=add-must-aliases --print-config=short %s | FileCheck %s --check-prefix=TUPLED-SHORT
// RUN: mhlo-alias --use-tuple-args --passes=add-may-aliases,buffer-donation-to-alias --print-config %s | FileCheck %s --check-prefix=DONATED

// Without the flag: {0} takes 0 and {1} takes 1; parameter 1 was a donor
// and, now aliased, stops being one.
// FLAT:      HloInputOutputAliasConfig
// FLAT-NEXT:   Output shape: (f32[4], f32[4])
// FLAT-NEXT:   OutputIndex {0} is may-aliased with parameter 0 at {}:
// FLAT-NEXT:   OutputIndex {1} is may-aliased with parameter 1 at {}:
// FLAT-NEXT: HloBufferDonorConfig
// FLAT-EMPTY:

// With the flag: the only parameter is (f32[4], f32[4]); no alias, and the
// donor (0, {1}) stays.
// TUPLED:      HloInputOutputAliasConfig
// TUPLED-NEXT:   Output shape: (f32[4], f32[4])
// TUPLED-NEXT: HloBufferDonorConfig
// TUPLED-NEXT:   Parameter 0 at {1} is registered as a buffer donor.
// TUPLED-EMPTY:

// TUPLED-SHORT: {{^}}buffer_donor={ (0, {1}) }{{$}}

// add-may-aliases finds nothing; donation then pairs the donor (0, {1})
// with the first equal output, {0}, as a may-alias and consumes it.
// DONATED:      HloInputOutputAliasConfig
// DONATED-NEXT:   Output shape: (f32[4], f32[4])
// DONATED-NEXT:   OutputIndex {0} is may-aliased with parameter 0 at {1}:
// DONATED-NEXT: HloBufferDonorConfig
// DONATED-EMPTY:

func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<4xf32> {jax.buffer_donor = true}) -> (tensor<4xf32>, tensor<4xf32>) {
  return %arg0, %arg1 : tensor<4xf32>, tensor<4xf32>
}
