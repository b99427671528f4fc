// Types XLA does not model (unranked tensors, index elements, quantized
// elements, memrefs, other tensor encodings, other dialects' types) are read
// without error as opaque leaves, beside an alias of an array.

// RUN: mhlo-alias --print-config=json %s | FileCheck %s

// CHECK: {"output_shape": "(opaque[], opaque[], opaque[], opaque[], opaque[], opaque[], f32[2]{0})", "aliases": [{"output_index": [6], "parameter_number": 6, "parameter_index": [], "kind": "may", "bytes": 8, "parameter_shape": "f32[2]{0}", "output_shape": "f32[2]{0}"}], "donors": [], "memory": {"parameter_bytes": 8, "output_bytes": 8, "must_alias_bytes": 0, "may_alias_bytes": 8, "unused_donor_bytes": 0, "unaliased_output_bytes": 0, "unknown_size_leaves": 0}}{{$}}

func.func @main(%arg0: tensor<*xf32>, %arg1: tensor<2xindex>, %arg2: tensor<2x!quant.uniform<i8:f32, 0.5>>, %arg3: memref<2xf32>, %arg4: tensor<2xf32, #foo.encoding>, %arg5: !foo.bar<3>, %arg6: tensor<2xf32> {tf.aliasing_output = 6 : i32}) -> (tensor<*xf32>, tensor<2xindex>, tensor<2x!quant.uniform<i8:f32, 0.5>>, memref<2xf32>, tensor<2xf32, #foo.encoding>, !foo.bar<3>, tensor<2xf32>) {
  return %arg0, %arg1, %arg2, %arg3, %arg4, %arg5, %arg6 : tensor<*xf32>, tensor<2xindex>, tensor<2x!quant.uniform<i8:f32, 0.5>>, memref<2xf32>, tensor<2xf32, #foo.encoding>, !foo.bar<3>, tensor<2xf32>
}
