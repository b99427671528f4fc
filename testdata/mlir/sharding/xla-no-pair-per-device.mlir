// Issue 36, second case: a replicated donor f32[16] holds 64 bytes on each
// of two devices, the output f32[16] halved 32, so XLA's donation pass
// (run after SPMD partitioning) leaves the donor unused, and the reason
// names both shardings. On the shapes as written (--partitioned=yes) the
// two would pair, 64 bytes each: the answer XLA does not give.

// RUN: mhlo-alias --passes=xla-buffer-donation %s | FileCheck %s --check-prefix=WRITTEN --match-full-lines
// RUN: mhlo-alias --passes=xla-buffer-donation --print-config=table %s | FileCheck %s --check-prefix=TABLE
// RUN: mhlo-alias --passes=xla-buffer-donation --remarks-filter=donor-unused --print-config=short %s 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: mhlo-alias --passes=xla-buffer-donation --partitioned=yes --print-config=short %s | FileCheck %s --check-prefix=GLOBAL

// WRITTEN: func.func @main(%arg0: tensor<16xf32> {jax.buffer_donor = true, mhlo.sharding = "{replicated}"}) -> (tensor<16xf32> {mhlo.sharding = "{devices=[2]<=[2]}"}) {

// TABLE:      {}     f32[16]{0}   64 B  device  {devices=[2]<=[2]}  f32[8]{0}{{ *$}}
// TABLE:      0 {}       f32[16]{0}   64 B  device  {replicated}  f32[16]{0}  unused: none: no output without an alias has 64 bytes per device in memory space 0 (parameter 0 sharded {replicated}: f32[16]{0} on each device); the nearest is output {} f32[16]{0} with 32 bytes per device (output {} sharded {devices=[2]<=[2]}: f32[8]{0} on each device)

// REMARK: remark: [Missed] optimize_input_output_buffer_alias | Category:donor-unused | Reason="none: no output without an alias has 64 bytes per device {{.*}}", Remark="donor parameter 0 at {} f32[16]{0} is not used by any output"
// REMARK: {{^}}buffer_donor={ (0, {}) }{{$}}

// GLOBAL: {{^}}input_output_alias={ {}: (0, {}, may-alias) }{{$}}

module attributes {mhlo.num_partitions = 2 : i32} {
func.func @main(%arg0: tensor<16xf32> {jax.buffer_donor = true, mhlo.sharding = "{replicated}"}) -> (tensor<16xf32> {mhlo.sharding = "{devices=[2]<=[2]}"}) {
  %0 = "test.op"() : () -> tensor<16xf32>
  return %0 : tensor<16xf32>
}
}
