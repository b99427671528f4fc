// Top-level functions without a module are read like a module's.

// RUN: mhlo-alias --print-config %s | FileCheck %s

// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: f32[6]
// CHECK-NEXT:   OutputIndex {} is may-aliased with parameter 0 at {}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-NEXT:   Parameter 1 at {} is registered as a buffer donor.
// CHECK-EMPTY:

func.func private @callee(%arg0: tensor<6xf32>) -> tensor<6xf32>

func.func @main(%arg0: tensor<6xf32> {tf.aliasing_output = 0 : i32}, %arg1: tensor<6xf32> {jax.buffer_donor = true}) -> tensor<6xf32> {
  %0 = func.call @callee(%arg0) : (tensor<6xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}
