// jax-donation on a module of 2 partitions, as JAX's lowering pairs donated
// arguments (jax/_src/interpreters/mlir.py at jax-ml/jax commit
// cec06d116c05: _set_up_aliases, lines 1486-1588; the partition rule of
// its caller lower_jaxpr_to_module, lines 1388-1395, and its warning,
// lines 1396-1405; sharded_aval, lines 1101-1110; the cases of
// passes/jaxdonation_test.go cite the same lines). Three donated
// parameters, keyed on what one device holds:
//
// - phase 1 (lines 1512-1527, 1546-1550): parameter 0, f32[16,8] halved,
//   is f32[8,8] on each device, the shape of the replicated {0}: an alias
//   (tf.aliasing_output), the result's sharding being concrete;
// - phase 2 (lines 1557-1586): parameter 1, f32[8,4], has the element
//   count of {1} f32[32] and not its shape: left to XLA, a buffer donor;
// - parameter 2, f32[8,4] too, finds nothing left. In the first module
//   every result has a sharding, so it is not usable: JAX's warning,
//   "Some donated buffers were not usable", a Missed remark, and its
//   donation is dropped. In the second, {1} has none (JAX writes none for
//   an unspecified or unconstrained result) and there are 2 partitions:
//   every donation left stays a buffer donor (lines 1388-1395).

// RUN: mhlo-alias --split-input-file --passes=jax-donation --emit=tf %s | FileCheck %s --match-full-lines
// RUN: mhlo-alias --split-input-file --passes=jax-donation --print-config=short %s | FileCheck %s --check-prefix=CONFIG
// RUN: mhlo-alias --split-input-file --passes=jax-donation --remarks-filter-missed='.*' --verify-diagnostics --emit=tf %s > /dev/null
// RUN: mhlo-alias --split-input-file --passes=jax-donation --remarks-filter-missed='.*' --print-config=short %s 2>&1 | FileCheck %s --check-prefix=MISSED

// CHECK:      module @specified attributes {mhlo.num_partitions = 2 : i32} {
// CHECK-NEXT:   func.func @main(%arg0: tensor<16x8xf32> {mhlo.sharding = "{devices=[2,1]<=[2]}", tf.aliasing_output = 0 : i32},
// CHECK-NEXT:                   %arg1: tensor<8x4xf32> {jax.buffer_donor = true, mhlo.sharding = "{replicated}"},
// CHECK:                        %arg2: tensor<8x4xf32> {mhlo.sharding = "{replicated}"})
// CHECK:      module @unspecified attributes {mhlo.num_partitions = 2 : i32} {
// CHECK-NEXT:   func.func @main(%arg0: tensor<16x8xf32> {mhlo.sharding = "{devices=[2,1]<=[2]}", tf.aliasing_output = 0 : i32},
// CHECK-NEXT:                   %arg1: tensor<8x4xf32> {jax.buffer_donor = true, mhlo.sharding = "{replicated}"},
// CHECK-NEXT:                   %arg2: tensor<8x4xf32> {jax.buffer_donor = true, mhlo.sharding = "{replicated}"})

// CONFIG:      {{^}}input_output_alias={ {0}: (0, {}, may-alias) }, buffer_donor={ (1, {}) }{{$}}
// CONFIG:      {{^}}input_output_alias={ {0}: (0, {}, may-alias) }, buffer_donor={ (1, {}), (2, {}) }{{$}}

// MISSED-COUNT-1: remark: [Missed] jax-donation | Category:donor-unused
// MISSED-NOT:     remark:

module @specified attributes {mhlo.num_partitions = 2 : i32} {
  func.func @main(%arg0: tensor<16x8xf32> {jax.buffer_donor = true, mhlo.sharding = "{devices=[2,1]<=[2]}"},
                  %arg1: tensor<8x4xf32> {jax.buffer_donor = true, mhlo.sharding = "{replicated}"},
                  // expected-remark @+1 {{JAX warns "Some donated buffers were not usable: float32[8,4]"}}
                  %arg2: tensor<8x4xf32> {jax.buffer_donor = true, mhlo.sharding = "{replicated}"})
      -> (tensor<8x8xf32> {mhlo.sharding = "{replicated}"}, tensor<32xf32> {mhlo.sharding = "{replicated}"}) {
    %0 = "test.op"() : () -> tensor<8x8xf32>
    %1 = "test.op"() : () -> tensor<32xf32>
    return %0, %1 : tensor<8x8xf32>, tensor<32xf32>
  }
}

// -----

module @unspecified attributes {mhlo.num_partitions = 2 : i32} {
  func.func @main(%arg0: tensor<16x8xf32> {jax.buffer_donor = true, mhlo.sharding = "{devices=[2,1]<=[2]}"},
                  %arg1: tensor<8x4xf32> {jax.buffer_donor = true, mhlo.sharding = "{replicated}"},
                  %arg2: tensor<8x4xf32> {jax.buffer_donor = true, mhlo.sharding = "{replicated}"})
      -> (tensor<8x8xf32> {mhlo.sharding = "{replicated}"}, tensor<32xf32>) {
    %0 = "test.op"() : () -> tensor<8x8xf32>
    %1 = "test.op"() : () -> tensor<32xf32>
    return %0, %1 : tensor<8x8xf32>, tensor<32xf32>
  }
}
