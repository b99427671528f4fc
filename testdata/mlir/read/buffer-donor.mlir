// jax.buffer_donor registers argument i as a donor of parameter i at {};
// `false` still registers it (XLA checks presence) and draws a warning at
// the attribute.

// RUN: mhlo-alias --print-config %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN < %t.err

// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: (f32[2], f32[2])
// CHECK-NEXT:   OutputIndex {1} is may-aliased with parameter 1 at {}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-NEXT:   Parameter 0 at {} is registered as a buffer donor.
// CHECK-NEXT:   Parameter 2 at {} is registered as a buffer donor.
// CHECK-EMPTY:

// WARN: {{^}}{{.*}}buffer-donor.mlir:19:140: warning: jax.buffer_donor = false still registers argument 2 as a buffer donor: XLA checks only that the attribute is present{{$}}
// WARN-NOT: warning

func.func @main(%arg0: tensor<2xf32> {jax.buffer_donor = true}, %arg1: tensor<2xf32> {tf.aliasing_output = 1 : i32}, %arg2: tensor<2xf32> {jax.buffer_donor = false}) -> (tensor<2xf32>, tensor<2xf32>) {
  return %arg0, %arg1 : tensor<2xf32>, tensor<2xf32>
}
