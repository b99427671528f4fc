// Each argument's and result's sharding (mhlo.sharding, or sdy.sharding
// over the module's sdy.mesh) and mhlo.num_partitions are read; an MLIR
// module is not yet partitioned, so --print-config shows the sharding and
// the shape one device holds of each value. --partitioned=yes says the
// shapes are per device already: nothing is divided, nothing shown.

// RUN: mhlo-alias --print-config=table %s | FileCheck %s
// RUN: mhlo-alias --print-config=json %s | FileCheck %s --check-prefix=JSON
// RUN: mhlo-alias --print-config=table --partitioned=yes %s | FileCheck %s --check-prefix=YES

// CHECK:      outputs: 2
// CHECK-NEXT:   index  shape       bytes  space   sharding      per device  alias  parameter
// CHECK-NEXT:   {0}    f32[8]{0}    32 B  device  {replicated}  f32[8]{0}
// CHECK-NEXT:   {1}    f32[16]{0}   64 B  device  unspecified   f32[16]{0}
// CHECK-NEXT: donors: 2 (2 unused)
// CHECK-NEXT:   parameter  shape           bytes  space   sharding                              per device     used by or why not
// CHECK-NEXT:   0 {}       f32[16]{0}       64 B  device  {devices=[2]<=[2]}                    f32[8]{0}      unused: free:
// CHECK-NEXT:   1 {}       f32[8,16]{1,0}  512 B  device  #sdy.sharding<@mesh, [{"x"}, {"y"}]>  f32[4,8]{1,0}  unused: none:

// JSON: "parameters": [{"parameter_number": 0, "shape": "f32[16]{0}", "bytes": 64, "memory_space": 0, "sharding": "{devices=[2]<=[2]}", "device_shape": "f32[8]{0}"}, {"parameter_number": 1, "shape": "f32[8,16]{1,0}", "bytes": 512, "memory_space": 0, "sharding": "#sdy.sharding<@mesh, [{\"x\"}, {\"y\"}]>", "device_shape": "f32[4,8]{1,0}"}]

// YES:      index  shape       bytes  space   alias  parameter
// YES-NOT:  per device

module @jit_f attributes {mhlo.num_partitions = 2 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]>
  func.func public @main(%arg0: tensor<16xf32> {jax.buffer_donor = true, mhlo.sharding = "{devices=[2]<=[2]}"},
                         %arg1: tensor<8x16xf32> {jax.buffer_donor = true, sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>})
      -> (tensor<8xf32> {mhlo.sharding = "{replicated}"}, tensor<16xf32>) {
    %0 = "test.op"() : () -> tensor<8xf32>
    return %0, %arg0 : tensor<8xf32>, tensor<16xf32>
  }
}
