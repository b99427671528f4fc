// Donation pairs a donor only with an output of an equal shape: element
// type, dims, dynamic flags and layout (decisions.md, "The passes"; family
// spec, pass 73, Shape::Equal). Same byte size is not enough (upstream
// XLA's size-only matcher, encodings.md section 7, is a different pass).
// Layouts are compared as resolved values, whichever attribute gave them:
// "default" equals an explicit "{1,0}".

// RUN: mhlo-alias --passes=buffer-donation-to-alias --print-config %s | FileCheck %s

// Donor 0 is f32[2,3]{1,0} (explicit "{1,0}"). Outputs: {0} s32[2,3]
// (element type), {1} f32[3,2] (dims), {2} f32[6] (rank), {3} f32[?,3]
// (dynamic flag), {4} f32[2,3]{0,1} (layout), {5} f32[2,3]{1,0} ("default")
// -> donor 0. Donor 1 is f32[?,3]{1,0} and takes {3}, the dynamic one.
// Donor 2, f32[2,3]{0,1}, takes {4}. Donor 3, u32[2,3]{1,0}, finds nothing
// (s32 is not u32) and stays.
// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: (s32[2,3], f32[3,2], f32[6], f32[?,3], f32[2,3], f32[2,3])
// CHECK-NEXT:   OutputIndex {3} is may-aliased with parameter 1 at {}:
// CHECK-NEXT:   OutputIndex {4} is may-aliased with parameter 2 at {}:
// CHECK-NEXT:   OutputIndex {5} is may-aliased with parameter 0 at {}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-NEXT:   Parameter 3 at {} is registered as a buffer donor.
// CHECK-EMPTY:

func.func @main(%arg0: tensor<2x3xf32> {jax.buffer_donor = true, mhlo.layout_mode = "{1,0}"}, %arg1: tensor<?x3xf32> {jax.buffer_donor = true}, %arg2: tensor<2x3xf32> {jax.buffer_donor = true, mhlo.layout_mode = "{0,1}"}, %arg3: tensor<2x3xui32> {jax.buffer_donor = true}) -> (tensor<2x3xi32>, tensor<3x2xf32>, tensor<6xf32>, tensor<?x3xf32>, tensor<2x3xf32> {mhlo.layout_mode = "{0,1}"}, tensor<2x3xf32> {mhlo.layout_mode = "default"}) {
  %0 = "test.op"() : () -> tensor<2x3xi32>
  %1 = "test.op"() : () -> tensor<3x2xf32>
  %2 = "test.op"() : () -> tensor<6xf32>
  return %0, %1, %2, %arg1, %arg2, %arg0 : tensor<2x3xi32>, tensor<3x2xf32>, tensor<6xf32>, tensor<?x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// RUN: mhlo-alias --entry=bounds --passes=buffer-donation-to-alias --print-config %s | FileCheck %s --check-prefix=BOUNDS

// Dynamic flags and bounds: f32[<=8] is not f32[8] (the flag differs) and
// not f32[?] (the bound differs). Donor 0 f32[<=8] takes {2}; donor 1
// f32[8] takes {0}; donor 2 f32[?] takes {1}.
// BOUNDS:      HloInputOutputAliasConfig
// BOUNDS-NEXT:   Output shape: (f32[8], f32[?], f32[<=8])
// BOUNDS-NEXT:   OutputIndex {0} is may-aliased with parameter 1 at {}:
// BOUNDS-NEXT:   OutputIndex {1} is may-aliased with parameter 2 at {}:
// BOUNDS-NEXT:   OutputIndex {2} is may-aliased with parameter 0 at {}:
// BOUNDS-NEXT: HloBufferDonorConfig
// BOUNDS-EMPTY:

func.func @bounds(%arg0: tensor<?xf32, #mhlo.type_extensions<bounds = [8]>> {jax.buffer_donor = true}, %arg1: tensor<8xf32> {jax.buffer_donor = true}, %arg2: tensor<?xf32> {jax.buffer_donor = true}) -> (tensor<8xf32>, tensor<?xf32>, tensor<?xf32, #mhlo.type_extensions<bounds = [8]>>) {
  return %arg1, %arg2, %arg0 : tensor<8xf32>, tensor<?xf32>, tensor<?xf32, #mhlo.type_extensions<bounds = [8]>>
}
