// Shardy: sdy.sharding over the module's sdy.mesh (x=2, y=4, 8
// partitions), with sub-axes and open dimensions. A sub-axis "y":(m)k
// divides its dimension by k; an open dimension ({?}) with no axis divides
// nothing, and {"x", ?} divides by x alone. So parameter 0 f32[16,8]
// [{"x", ?}, {"y":(1)2}] is f32[8,4] (128 bytes) on each device, and
// parameter 1 f32[32,8] [{"y":(2)2, "x"}, {?}] is f32[8,8] (256 bytes).
// The outputs are closed: {0} f32[8,8] unsharded, {1} f32[8,16] [{}, {"y"}]
// is f32[8,4].
//
// Per device, JAX's pairing finds each parameter's shard shape among the
// outputs and aliases both; XLA's pass pairs the same by bytes. On the
// shapes as written (--partitioned=yes) only parameter 0 and {1} (512 B)
// have equal bytes, and JAX's pairing leaves parameter 0 a buffer donor
// (128 elements like {1}) and parameter 1 to no one.

// RUN: mhlo-alias --print-config=table %s | FileCheck %s --check-prefix=TABLE
// RUN: mhlo-alias --passes=jax-donation --emit=tf %s | FileCheck %s --check-prefix=JAX-TF --match-full-lines
// RUN: mhlo-alias --passes=xla-buffer-donation --print-config=short %s | FileCheck %s --check-prefix=PAIRED
// RUN: mhlo-alias --passes=xla-buffer-donation --partitioned=yes --print-config=short %s | FileCheck %s --check-prefix=XLA-GLOBAL
// RUN: mhlo-alias --passes=jax-donation --partitioned=yes --print-config=short %s | FileCheck %s --check-prefix=JAX-GLOBAL

// TABLE:      outputs: 2
// TABLE-NEXT:   index  shape           bytes  space   sharding                           per device     alias  parameter
// TABLE-NEXT:   {0}    f32[8,8]{1,0}   256 B  device  #sdy.sharding<@mesh, [{}, {}]>     f32[8,8]{1,0}
// TABLE-NEXT:   {1}    f32[8,16]{1,0}  512 B  device  #sdy.sharding<@mesh, [{}, {"y"}]>  f32[8,4]{1,0}
// TABLE:        0 {}       f32[16,8]{1,0}    512 B  device  #sdy.sharding<@mesh, [{"x", ?}, {"y":(1)2}]>  f32[8,4]{1,0}  unused:
// TABLE-NEXT:   1 {}       f32[32,8]{1,0}  1.0 KiB  device  #sdy.sharding<@mesh, [{"y":(2)2, "x"}, {?}]>  f32[8,8]{1,0}  unused:
// TABLE:      donations compared: 2
// TABLE:        0 {}       f32[16,8]{1,0} (f32[8,4]{1,0} per device)  output {1}  output {1}  output {1}
// TABLE-NEXT:   1 {}       f32[32,8]{1,0} (f32[8,8]{1,0} per device)  output {0}  output {0}  output {0}

// JAX-TF:      func.func public @main(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {"y":(1)2}]>, tf.aliasing_output = 1 : i32},
// JAX-TF-NEXT:                        %arg1: tensor<32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y":(2)2, "x"}, {?}]>, tf.aliasing_output = 0 : i32})

// PAIRED: input_output_alias={ {0}: (1, {}, may-alias), {1}: (0, {}, may-alias) }
// XLA-GLOBAL: input_output_alias={ {1}: (0, {}, may-alias) }, buffer_donor={ (1, {}) }
// JAX-GLOBAL: {{^}}buffer_donor={ (0, {}) }{{$}}

module @jit_step attributes {mhlo.num_partitions = 8 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=4]>
  func.func public @main(%arg0: tensor<16x8xf32> {jax.buffer_donor = true, sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {"y":(1)2}]>},
                         %arg1: tensor<32x8xf32> {jax.buffer_donor = true, sdy.sharding = #sdy.sharding<@mesh, [{"y":(2)2, "x"}, {?}]>})
      -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
    %0 = "test.op"() : () -> tensor<8x8xf32>
    %1 = "test.op"() : () -> tensor<8x16xf32>
    return %0, %1 : tensor<8x8xf32>, tensor<8x16xf32>
  }
}
