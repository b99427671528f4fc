// Issue 36, third case (jax-ml/jax #25346 with the shardings written): a
// tf.aliasing_output pair whose parameter is replicated (s32[16], 64 bytes
// on each of two devices) and whose output is halved (s32[8], 32 bytes)
// fails XLA's alias verifier after partitioning. The tool says so before
// anything is compiled, in XLA's words and at the alias; on the shapes as
// written the sizes would agree, 64 bytes each.

// RUN: mhlo-alias --verify-diagnostics %s
// RUN: not mhlo-alias --print-config=short %s 2>&1 | FileCheck %s

// CHECK: size-mismatch-per-device.mlir:[[@LINE+5]]:42: error: Expected aliased input 0 at index {} and output at index {0} to have the same size. Input sub-shape is s32[16]{0} with size 64, output sub-shape is s32[8]{0} with size 32
// CHECK-NOT: input_output_alias

module attributes {mhlo.num_partitions = 2 : i32} {
  // expected-error @+1 {{Expected aliased input 0 at index {} and output at index {0} to have the same size. Input sub-shape is s32[16]{0} with size 64, output sub-shape is s32[8]{0} with size 32}}
  func.func @main(%arg0: tensor<16xi32> {tf.aliasing_output = 0 : i32, mhlo.sharding = "{replicated}"}, %arg1: tensor<16xi32>)
      -> (tensor<16xi32> {mhlo.sharding = "{devices=[2]<=[2]}"}, tensor<16xi32>) {
    %0 = "test.op"() : () -> tensor<16xi32>
    return %0, %arg1 : tensor<16xi32>, tensor<16xi32>
  }
}
