// Missed remarks of add-may-aliases (output-unaliased): each output array
// leaf left without an alias, at its result, with the nearest parameter
// in the Reason. The classes, first that has a candidate wins: taken
// (same shape, aliased before the pass or taken by an earlier output in
// it), layout (differs only in layout), element-type (same dimensions),
// byte-size (same byte size: XLA's optimize_input_output_buffer_alias
// would pair them), none. Array leaves inside a tuple count; tuple nodes
// and tokens get no remark.

// RUN: mhlo-alias --passes=add-may-aliases --remarks-filter-missed='.*' --verify-diagnostics %s -o /dev/null
// RUN: mhlo-alias --passes=add-may-aliases --remarks-filter-missed=output-unaliased %s 2>&1 >/dev/null | FileCheck %s

// The Reason comes before the Remark, as mlir-opt sorts the fields.
// CHECK: remark: [Missed] add-may-aliases | Category:output-unaliased | Reason="layout: parameter 1 is f32[3,5]{0,1}", Remark="output {2} f32[3,5]{1,0} has no alias", Suggestion="give parameter 1 and output {2} the same layout"
// CHECK-COUNT-5: remark: [Missed] add-may-aliases | Category:output-unaliased
// CHECK-NOT: remark:

func.func @main(%arg0: tensor<4x8xf32>,
                %arg1: tensor<3x5xf32> {mhlo.layout_mode = "{0,1}"},
                %arg2: tensor<2x3xi32>,
                %arg3: tensor<16xbf16>,
                %arg4: tensor<2xf32> {tf.aliasing_output = 6 : i32})
    -> (tensor<4x8xf32>,
// expected-remark @+1 {{Reason="taken: parameter 0 f32[4,8]{1,0} was taken by output {0} earlier in this pass", Remark="output {1} f32[4,8]{1,0} has no alias"}}
        tensor<4x8xf32>,
// expected-remark @+1 {{Reason="layout: parameter 1 is f32[3,5]{0,1}", Remark="output {2} f32[3,5]{1,0} has no alias", Suggestion="give parameter 1 and output {2} the same layout"}}
        tensor<3x5xf32>,
// expected-remark @+1 {{Reason="element-type: parameter 2 is s32[2,3]{1,0}", Remark="output {3} f32[2,3]{1,0} has no alias"}}
        tensor<2x3xf32>,
// expected-remark @+1 {{Reason="byte-size: parameter 3 bf16[16]{0} has the same byte size (32 bytes) but another shape; XLA's optimize_input_output_buffer_alias would pair them", Remark="output {4} f32[8]{0} has no alias"}}
        tensor<8xf32>,
// expected-remark @+1 {{Reason="taken: parameter 4 f32[2]{0} is already aliased with output {6}"}}
        tensor<2xf32>,
        tensor<2xf32>,
// expected-remark @+1 {{[Missed] add-may-aliases | Category:output-unaliased | Reason="none: no parameter has this shape, these dimensions or this byte size", Remark="output {7} f64[7]{0} has no alias"}}
        tensor<7xf64>,
// expected-remark @+1 {{Reason="none: no parameter has this shape, these dimensions or this byte size", Remark="output {8,0} f32[5]{0} has no alias"}}
        tuple<tensor<5xf32>>,
        !mhlo.token) {
  %0 = "test.op"() : () -> tensor<4x8xf32>
  return %arg0, %0 : tensor<4x8xf32>, tensor<4x8xf32>
}
