// x * 2 on a donated s32[16,16] sharded [{"x"}, {"y"}] over a 2x2 Shardy
// mesh, after jax-ml/jax tests/layout_test.py
// (testdata/sharding/jax-layout-donation-shardy.mlir; see EXPECTED.md
// there): the argument and the result are s32[8,8], 256 bytes, on each of
// 4 devices. JAX aliased them itself (tf.aliasing_output = 0, no
// jax.buffer_donor, as the upstream test asserts); the alias passes the
// size check per device; JAX's pairing made again gives the same alias,
// and XLA's pass has nothing left to pair.

// RUN: mhlo-alias --print-config=table %S/../../sharding/jax-layout-donation-shardy.mlir | FileCheck %s --check-prefix=TABLE
// RUN: mhlo-alias --passes=jax-donation --emit=tf -d %S/../../sharding/jax-layout-donation-shardy.mlir | FileCheck %s --allow-empty --check-prefix=NODIFF
// RUN: mhlo-alias --passes=jax-donation,xla-buffer-donation --emit=tf -d %S/../../sharding/jax-layout-donation-shardy.mlir | FileCheck %s --allow-empty --check-prefix=NODIFF
// RUN: mhlo-alias --passes=jax-donation --print-config=summary %S/../../sharding/jax-layout-donation-shardy.mlir | FileCheck %s --check-prefix=SUMMARY
// RUN: mhlo-alias --print-config=compare %S/../../sharding/jax-layout-donation-shardy.mlir | FileCheck %s --check-prefix=COMPARE

// TABLE:      {}     result  s32[16,16]{1,0}  1.0 KiB  device  #sdy.sharding<@mesh, [{"x"}, {"y"}]>  s32[8,8]{1,0}  may    0 {}
// TABLE:      0 {}       s32[16,16]{1,0}  1.0 KiB  device  #sdy.sharding<@mesh, [{"x"}, {"y"}]>  s32[8,8]{1,0}  output {} (may)

// NODIFF-NOT: {{.}}

// SUMMARY:      per device, on each of 4 partitions:
// SUMMARY-NEXT:   aliases: 1 (0 must, 1 may) share 256 B (must 0 B, may up to 256 B)

// COMPARE: 0 {}       s32[16,16]{1,0} (s32[8,8]{1,0} per device)  output {}  output {}  output {}
// COMPARE: 0 {} JAX: may-alias: output {} "result" s32[8,8]{1,0} has its shape (s32[8,8] on each device), element type, memory space and layout
