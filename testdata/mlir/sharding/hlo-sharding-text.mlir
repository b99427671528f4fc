// HloSharding text in mhlo.sharding, on 4 partitions: an iota tile
// assignment with a transpose, {devices=[2,2]<=[2,2]T(1,0)} (both
// dimensions halved: f32[16,8] is f32[8,4], 128 bytes, on each device),
// and last_tile_dim_replicate, {devices=[2,1,2]<=[4] last_tile_dim_replicate}
// (tiles [2,1], the last dimension of the assignment replicates: f32[16,8]
// is f32[8,8], 256 bytes). Both outputs are replicated.
//
// XLA's pass pairs on those per-device bytes: parameter 1 (256 B) with {0}
// f32[8,8], parameter 0 (128 B) with {1} f32[32]; on the shapes as written
// (--partitioned=yes: 512 B each) nothing pairs. JAX's pairing keys on the
// per-shard shape: parameter 1 (f32[8,8] on each device) is aliased with
// {0}; parameter 0 (f32[8,4]) has {1}'s element count only, so it is left
// to XLA as a buffer donor, and XLA's pass then pairs it. The aliases
// are written as tf.aliasing_output (--emit=tf): mhlo.result_alias holds
// only aliases of equal types.

// RUN: mhlo-alias --print-config=table %s | FileCheck %s --check-prefix=TABLE
// RUN: mhlo-alias --passes=xla-buffer-donation --emit=tf %s | FileCheck %s --check-prefix=XLA-TF --match-full-lines
// RUN: mhlo-alias --passes=xla-buffer-donation --partitioned=yes --print-config=short %s | FileCheck %s --check-prefix=GLOBAL
// RUN: mhlo-alias --passes=jax-donation --emit=tf %s | FileCheck %s --check-prefix=JAX-TF --match-full-lines
// RUN: mhlo-alias --passes=jax-donation,xla-buffer-donation --print-config=short %s | FileCheck %s --check-prefix=BOTH
// RUN: mhlo-alias --print-config=compare %s | FileCheck %s --check-prefix=COMPARE

// TABLE:      outputs: 2
// TABLE-NEXT:   index  shape          bytes  space   sharding      per device     alias  parameter
// TABLE-NEXT:   {0}    f32[8,8]{1,0}  256 B  device  {replicated}  f32[8,8]{1,0}
// TABLE-NEXT:   {1}    f32[32]{0}     128 B  device  {replicated}  f32[32]{0}
// TABLE:        0 {}       f32[16,8]{1,0}  512 B  device  {devices=[2,2]<=[2,2]T(1,0)}                    f32[8,4]{1,0}  unused: byte-size: output {1} f32[32]{0} has the same byte size (128 bytes per device)
// TABLE-NEXT:   1 {}       f32[16,8]{1,0}  512 B  device  {devices=[2,1,2]<=[4] last_tile_dim_replicate}  f32[8,8]{1,0}  unused: byte-size: output {0} f32[8,8]{1,0} has the same byte size (256 bytes per device)

// XLA-TF:      func.func public @main(%arg0: tensor<16x8xf32> {mhlo.sharding = "{devices=[2,2]<=[2,2]T(1,0)}", tf.aliasing_output = 1 : i32},
// XLA-TF-NEXT:                        %arg1: tensor<16x8xf32> {mhlo.sharding = "{devices=[2,1,2]<=[4] last_tile_dim_replicate}", tf.aliasing_output = 0 : i32})

// GLOBAL: {{^}}buffer_donor={ (0, {}), (1, {}) }{{$}}

// JAX-TF:      func.func public @main(%arg0: tensor<16x8xf32> {jax.buffer_donor = true, mhlo.sharding = "{devices=[2,2]<=[2,2]T(1,0)}"},
// JAX-TF-NEXT:                        %arg1: tensor<16x8xf32> {mhlo.sharding = "{devices=[2,1,2]<=[4] last_tile_dim_replicate}", tf.aliasing_output = 0 : i32})

// BOTH: input_output_alias={ {0}: (1, {}, may-alias), {1}: (0, {}, may-alias) }

// COMPARE:      parameter  shape                                      JAX         XLA         Neuron
// COMPARE-NEXT: 0 {}       f32[16,8]{1,0} (f32[8,4]{1,0} per device)  donor       output {1}  donor
// COMPARE-NEXT: 1 {}       f32[16,8]{1,0} (f32[8,8]{1,0} per device)  output {0}  output {0}  output {0}
// COMPARE:      0 {} JAX: buffer donor: output {1} f32[32]{0} has its element count (32) but another shape or element type, so JAX leaves the pairing to XLA
// COMPARE-NEXT: 0 {} XLA: may-alias: output {1} f32[32]{0} has the same byte size (128 bytes per device)
// COMPARE:      1 {} JAX: may-alias: output {0} f32[8,8]{1,0} has its shape (f32[8,8] on each device), element type, memory space and layout

module @jit_step attributes {mhlo.num_partitions = 4 : i32} {
  func.func public @main(%arg0: tensor<16x8xf32> {jax.buffer_donor = true, mhlo.sharding = "{devices=[2,2]<=[2,2]T(1,0)}"},
                         %arg1: tensor<16x8xf32> {jax.buffer_donor = true, mhlo.sharding = "{devices=[2,1,2]<=[4] last_tile_dim_replicate}"})
      -> (tensor<8x8xf32> {mhlo.sharding = "{replicated}"}, tensor<32xf32> {mhlo.sharding = "{replicated}"}) {
    %0 = "test.op"() : () -> tensor<8x8xf32>
    %1 = "test.op"() : () -> tensor<32xf32>
    return %0, %1 : tensor<8x8xf32>, tensor<32xf32>
  }
}
