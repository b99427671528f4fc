// mhlo.layout_mode per argument and result: "default" is the descending
// layout, "{0,1}" an explicit one, "auto" leaves the layout unresolved (the
// shape prints without one). A value without the attribute gets the default.

// RUN: mhlo-alias --print-config=json %s | FileCheck %s

// CHECK: {"ok": true, "diagnostics": [], "more_errors": 0, "output_shape": "(f32[4,8], f32[4,8]{0,1}, f32[4,8]{1,0}, f32[4,8]{1,0}, (f32[2,2], s32[3]))", "parameters": [{"parameter_number": 0, "shape": "f32[4,8]", "bytes": 128, "memory_space": 0}, {"parameter_number": 1, "shape": "f32[4,8]{0,1}", "bytes": 128, "memory_space": 0}, {"parameter_number": 2, "shape": "f32[4,8]{1,0}", "bytes": 128, "memory_space": 0}], "aliases": [{"output_index": [0], "parameter_number": 0, "parameter_index": [], "kind": "may", "bytes": 128, "parameter_shape": "f32[4,8]", "output_shape": "f32[4,8]", "memory_space": 0}], "donors": [], "memory": {"parameter_bytes": 384, "output_bytes": 540, "must_alias_bytes": 0, "may_alias_bytes": 128, "unused_donor_bytes": 0, "unaliased_output_bytes": 412, "unknown_size_leaves": 0, "memory_spaces": [{"memory_space": 0, "name": "device memory", "parameter_bytes": 384, "output_bytes": 540, "must_alias_bytes": 0, "may_alias_bytes": 128, "unused_donor_bytes": 0, "unaliased_output_bytes": 412, "unknown_size_leaves": 0}]}}{{$}}

func.func @main(%arg0: tensor<4x8xf32> {mhlo.layout_mode = "auto", tf.aliasing_output = 0 : i32}, %arg1: tensor<4x8xf32> {mhlo.layout_mode = "{0,1}"}, %arg2: tensor<4x8xf32> {mhlo.layout_mode = "default"}) -> (tensor<4x8xf32> {mhlo.layout_mode = "auto"}, tensor<4x8xf32> {mhlo.layout_mode = "{0,1}"}, tensor<4x8xf32> {mhlo.layout_mode = "default"}, tensor<4x8xf32>, tuple<tensor<2x2xf32>, tensor<3xi32>> {mhlo.layout_mode = "auto"}) {
  %0 = "test.op"() : () -> tuple<tensor<2x2xf32>, tensor<3xi32>>
  return %arg0, %arg1, %arg2, %arg2, %0 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tuple<tensor<2x2xf32>, tensor<3xi32>>
}
