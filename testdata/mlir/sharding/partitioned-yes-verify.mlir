// --partitioned=yes says the shapes as written are what each device
// holds, so an alias of two s32[16] (64 bytes each) passes the size check
// whatever their shardings: the front end reads the flag before it
// verifies the module. Without it (the guess: MLIR is not yet
// partitioned) the output is s32[8] on each device, an error.

// RUN: mhlo-alias --partitioned=yes --print-config=short %s | FileCheck %s

// RUN: not mhlo-alias --print-config=short %s 2>&1 | FileCheck %s --check-prefix=GUESS

// CHECK: {{^}}input_output_alias={ {}: (0, {}, may-alias) }{{$}}
// GUESS: error: Expected aliased input 0 at index {} and output at index {} to have the same size. Input sub-shape is s32[16]{0} with size 64, output sub-shape is s32[8]{0} with size 32

module attributes {mhlo.num_partitions = 2 : i32} {
  func.func @main(%arg0: tensor<16xi32> {tf.aliasing_output = 0 : i32, mhlo.sharding = "{replicated}"})
      -> (tensor<16xi32> {mhlo.sharding = "{devices=[2]<=[2]}"}) {
    %0 = "test.op"() : () -> tensor<16xi32>
    return %0 : tensor<16xi32>
  }
}
