// A type XLA does not model is named as the module writes it, not as
// XLA's opaque[].

// RUN: not mhlo-alias %s 2>&1 | FileCheck %s

// CHECK: error: parameter 0 at {} is aliased with output index {} but is not an array: memref<2xf32>
// CHECK: error: buffer donor parameter 1 at {} is not an array: !mpmd.mesh_tensor<"m", tensor<2xf32>>
func.func @main(%a: memref<2xf32> {tf.aliasing_output = 0 : i32},
                %b: !mpmd.mesh_tensor<"m", tensor<2xf32>> {jax.buffer_donor = true}) -> memref<2xf32> {
  return %a : memref<2xf32>
}
