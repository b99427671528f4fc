// An alias XLA's pass makes, one of whose sides has no sharding, is warned
// of once the pass has run: the donor holds f32[8] on each device, and the
// output, without a sharding, is taken whole (32 bytes), so the pass pairs
// them; XLA's partitioner must then give the output the donor's split, or
// compilation fails. Neuron's passes, which pair modules already per rank,
// are not warned of.

// RUN: mhlo-alias --passes=xla-buffer-donation --print-config=short %s 2>&1 | FileCheck %s
// RUN: mhlo-alias --passes=buffer-donation-to-alias --print-config=short %s 2>&1 | FileCheck %s --check-prefix=NEURON

// CHECK:      unsettled-after-pass.mlir:[[@LINE+9]]:10: warning: output index {} is aliased with parameter 0 at {}, but output index {} has no sharding in a module of 2 partitions: XLA's partitioner will choose one, and unless each device then holds 32 bytes of it (as of parameter 0 at {}: f32[8]{0}), compilation fails with "Expected aliased input 0 at index {} and output at index {} to have the same size"
// CHECK-NOT:  warning:
// CHECK:      {{^}}input_output_alias={ {}: (0, {}, may-alias) }{{$}}

// NEURON-NOT: warning:
// NEURON:     {{^}}buffer_donor={ (0, {}) }{{$}}

module @jit_f attributes {mhlo.num_partitions = 2 : i32} {
  func.func public @main(%arg0: tensor<16xf32> {jax.buffer_donor = true, mhlo.sharding = "{devices=[2]<=[2]}"})
      -> tensor<8xf32> {
    %0 = "test.op"() : () -> tensor<8xf32>
    return %0 : tensor<8xf32>
  }
}
