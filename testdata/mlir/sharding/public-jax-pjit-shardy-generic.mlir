// x + y on two f32[2,5] sharded [{"x"}, {}] over 2 devices, x donated,
// after jax-ml/jax tests/pjit_test.py testBufferDonation
// (testdata/sharding/jax-pjit-donation-shardy-generic.mlir; see
// EXPECTED.md there), the sdy.mesh op in MLIR's generic form: each value
// is f32[1,5], 20 bytes, on each device. JAX aliased x with the result;
// JAX's pairing made again gives the same alias. XLA's pass, even over
// every parameter, finds no output left for y.

// RUN: mhlo-alias --print-config=json %S/../../sharding/jax-pjit-donation-shardy-generic.mlir | FileCheck %s --check-prefix=JSON
// RUN: mhlo-alias --passes=jax-donation --emit=tf -d %S/../../sharding/jax-pjit-donation-shardy-generic.mlir | FileCheck %s --allow-empty --check-prefix=NODIFF
// RUN: mhlo-alias --passes='xla-buffer-donation{registered-donors-only=false}' --emit=tf -d %S/../../sharding/jax-pjit-donation-shardy-generic.mlir | FileCheck %s --allow-empty --check-prefix=NODIFF
// RUN: mhlo-alias --print-config=summary %S/../../sharding/jax-pjit-donation-shardy-generic.mlir | FileCheck %s --check-prefix=SUMMARY
// RUN: mhlo-alias --print-config=compare %S/../../sharding/jax-pjit-donation-shardy-generic.mlir | FileCheck %s --check-prefix=COMPARE

// JSON: "parameters": [{"parameter_number": 0, "shape": "f32[2,5]{1,0}", "bytes": 40, "memory_space": 0, "sharding": "#sdy.sharding<@mesh, [{\"x\"}, {}]>", "device_shape": "f32[1,5]{1,0}"}, {"parameter_number": 1, "shape": "f32[2,5]{1,0}", "bytes": 40, "memory_space": 0, "sharding": "#sdy.sharding<@mesh, [{\"x\"}, {}]>", "device_shape": "f32[1,5]{1,0}"}]
// JSON-SAME: "outputs": [{"output_index": [], "name": "result", "shape": "f32[2,5]{1,0}", "bytes": 40, "memory_space": 0, "sharding": "#sdy.sharding<@mesh, [{\"x\"}, {}]>", "device_shape": "f32[1,5]{1,0}"}]

// NODIFF-NOT: {{.}}

// SUMMARY:      per device, on each of 2 partitions:
// SUMMARY-NEXT:   aliases: 1 (0 must, 1 may) share 20 B (must 0 B, may up to 20 B)

// COMPARE:      donations compared: 1
// COMPARE:      0 {}       f32[2,5]{1,0} (f32[1,5]{1,0} per device)  output {}  output {}  output {}
// COMPARE:      0 {} JAX: may-alias: output {} "result" f32[1,5]{1,0} has its shape (f32[1,5] on each device), element type, memory space and layout
