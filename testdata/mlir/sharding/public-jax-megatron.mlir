// The megatron-style predict(x, w1, w2) of openxla/shardy's JAX guide,
// with x and w1 donated (testdata/sharding/
// jax-megatron-predict-donated.mlir; see EXPECTED.md there), on 8
// partitions: x f32[16,128] {devices=[4,1,2]<=[8] last_tile_dim_replicate}
// is f32[4,128] (2048 bytes) on each device, w1 f32[128,256]
// {devices=[1,2,4]<=[4,2]T(1,0) last_tile_dim_replicate} is f32[128,128]
// (65536 bytes); the result f32[16,10] has no sharding (640 bytes).
//
// XLA's pass pairs neither donor, and each reason names both shardings.
// JAX's pairing finds no per-shard shape nor element count among the
// outputs, but with 8 partitions and a result without sharding it leaves
// both as buffer donors, as the module has them: no change, and no "not
// usable" remark.

// RUN: mhlo-alias --passes=xla-buffer-donation --print-config=table %S/../../sharding/jax-megatron-predict-donated.mlir | FileCheck %s --check-prefix=XLA-TABLE
// RUN: mhlo-alias --passes=jax-donation --remarks-filter='.*' -d %S/../../sharding/jax-megatron-predict-donated.mlir 2>&1 | FileCheck %s --check-prefix=JAX-REMARKS
// RUN: mhlo-alias --print-config=compare %S/../../sharding/jax-megatron-predict-donated.mlir | FileCheck %s --check-prefix=COMPARE

// XLA-TABLE:      {}     f32[16,10]{1,0}  640 B  device  unspecified  f32[16,10]{1,0}{{ *$}}
// XLA-TABLE:      donors: 2 (2 unused)
// XLA-TABLE:      0 {}       f32[16,128]{1,0}     8.0 KiB  device  {devices=[4,1,2]<=[8] last_tile_dim_replicate}          f32[4,128]{1,0}    unused: none: no output without an alias has 2048 bytes per device in memory space 0 (parameter 0 sharded {devices=[4,1,2]<=[8] last_tile_dim_replicate}: f32[4,128]{1,0} on each device); the nearest is output {} f32[16,10]{1,0} with 640 bytes per device (output {} without sharding: f32[16,10]{1,0} on each device)
// XLA-TABLE-NEXT: 1 {}       f32[128,256]{1,0}  128.0 KiB  device  {devices=[1,2,4]<=[4,2]T(1,0) last_tile_dim_replicate}  f32[128,128]{1,0}  unused: none: no output without an alias has 65536 bytes per device in memory space 0 (parameter 1 sharded {devices=[1,2,4]<=[4,2]T(1,0) last_tile_dim_replicate}: f32[128,128]{1,0} on each device); the nearest is output {} f32[16,10]{1,0} with 640 bytes per device (output {} without sharding: f32[16,10]{1,0} on each device)

// JAX-REMARKS-COUNT-2: remark: [Passed] jax-donation | Category:donor-registered | Reason="buffer donor: no output without an alias has its shape (f32[{{4,128|128,128}}] on each device) or element count ({{512|16384}}), but the module has 8 partitions and a result without sharding, so JAX leaves the pairing to XLA"
// JAX-REMARKS-NOT:     Category:donor-unused
// JAX-REMARKS-NOT:     {{^[-+]}}

// COMPARE:      0 {}       f32[16,128]{1,0} (f32[4,128]{1,0} per device)     donor  donor  donor
// COMPARE-NEXT: 1 {}       f32[128,256]{1,0} (f32[128,128]{1,0} per device)  donor  donor  donor
