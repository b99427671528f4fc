// Issue 36, first case: a donor f32[16] halved over two devices holds 32
// bytes on each, as much as the replicated output f32[8], so XLA's
// donation pass (run after SPMD partitioning) pairs them. On the shapes
// as written (--partitioned=yes) the donor's 64 bytes find no output.

// RUN: mhlo-alias --passes=xla-buffer-donation --emit=tf %s | FileCheck %s --check-prefix=WRITTEN --match-full-lines
// RUN: mhlo-alias --passes=xla-buffer-donation --print-config=table %s | FileCheck %s --check-prefix=TABLE
// RUN: mhlo-alias --passes=xla-buffer-donation --remarks-filter=alias-added --print-config=short %s 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: mhlo-alias --passes=xla-buffer-donation --partitioned=yes --print-config=table %s | FileCheck %s --check-prefix=GLOBAL

// WRITTEN: func.func @main(%arg0: tensor<16xf32> {mhlo.sharding = "{devices=[2]<=[2]}", tf.aliasing_output = 0 : i32}) -> (tensor<8xf32> {mhlo.sharding = "{replicated}"}) {

// TABLE:      {}     f32[8]{0}   32 B  device  {replicated}  f32[8]{0}   may    0 {}
// TABLE:      0 {}       f32[16]{0}   64 B  device  {devices=[2]<=[2]}  f32[8]{0}   output {} (may)
// TABLE:      device        64 B     32 B           0 B         32 B            0 B            0 B

// REMARK: remark: [Passed] optimize_input_output_buffer_alias | Category:alias-added | Remark="output {} f32[8]{0} may-aliased with parameter 0 at {}"
// REMARK: {{^}}input_output_alias={ {}: (0, {}, may-alias) }{{$}}

// GLOBAL: 0 {}       f32[16]{0}   64 B  device  unused: none: no output without an alias has 64 bytes in memory space 0; the nearest is output {} f32[8]{0} with 32 bytes

module attributes {mhlo.num_partitions = 2 : i32} {
func.func @main(%arg0: tensor<16xf32> {jax.buffer_donor = true, mhlo.sharding = "{devices=[2]<=[2]}"}) -> (tensor<8xf32> {mhlo.sharding = "{replicated}"}) {
  %0 = "test.op"() : () -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
}
