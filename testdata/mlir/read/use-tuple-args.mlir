// --use-tuple-args: all arguments form parameter 0 and argument i is its
// index {i}, for every encoding (tf.aliasing_output, mhlo.result_alias with
// tuple_indices appended, jax.buffer_donor).

// RUN: mhlo-alias --use-tuple-args --print-config %s | FileCheck %s
// RUN: mhlo-alias --print-config %s | FileCheck %s --check-prefix=PLAIN

// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: (f32[3], s8[5], f16[2])
// CHECK-NEXT:   OutputIndex {0} is may-aliased with parameter 0 at {1}:
// CHECK-NEXT:   OutputIndex {2} is must-aliased with parameter 0 at {3,0}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-NEXT:   Parameter 0 at {2} is registered as a buffer donor.
// CHECK-EMPTY:

// PLAIN:      OutputIndex {0} is may-aliased with parameter 1 at {}:
// PLAIN-NEXT: OutputIndex {2} is must-aliased with parameter 3 at {0}:
// PLAIN-NEXT: HloBufferDonorConfig
// PLAIN-NEXT:   Parameter 2 at {} is registered as a buffer donor.

func.func @main(%arg0: tensor<3xf32>, %arg1: tensor<3xf32> {tf.aliasing_output = 0 : i32}, %arg2: tensor<5xi8> {jax.buffer_donor = true}, %arg3: tuple<tensor<2xf16>> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [0], result_index = [2], must_alias>}) -> (tensor<3xf32>, tensor<5xi8>, tensor<2xf16>) {
  %0 = "test.op"(%arg3) : (tuple<tensor<2xf16>>) -> tensor<2xf16>
  return %arg1, %arg2, %0 : tensor<3xf32>, tensor<5xi8>, tensor<2xf16>
}
