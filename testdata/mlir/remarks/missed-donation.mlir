// Missed remarks of buffer-donation-to-alias (donor-unused): each donor
// left unused, at its argument, with the nearest output leaf in the
// Reason, by the same classes as add-*: taken (an equal output already
// aliased, or taken by an earlier donor), layout, element-type, byte-size
// (XLA's optimize_input_output_buffer_alias would pair them), none.

// RUN: mhlo-alias --passes=buffer-donation-to-alias --remarks-filter='donor-.*' --verify-diagnostics %s -o /dev/null
// RUN: mhlo-alias --passes=buffer-donation-to-alias --remarks-filter-missed='.*' %s 2>&1 >/dev/null | FileCheck %s

// CHECK-COUNT-6: remark: [Missed] aws_neuron_buffer_donation_to_alias | Category:donor-unused | Reason="{{taken|layout|element-type|byte-size|none}}: {{.*}}", Remark="donor parameter {{[1-7]}} at {} {{.*}} is not used by any output"
// CHECK-NOT: remark:

// expected-remark @+1 {{[Passed] aws_neuron_buffer_donation_to_alias | Category:donor-consumed | Remark="donor parameter 0 at {} f32[4,8]{1,0} consumed by output {0}"}}
func.func @main(%arg0: tensor<4x8xf32> {jax.buffer_donor = true},
// expected-remark @+1 {{[Missed] aws_neuron_buffer_donation_to_alias | Category:donor-unused | Reason="taken: output {0} f32[4,8]{1,0} was taken by donor parameter 0 at {} earlier in this pass", Remark="donor parameter 1 at {} f32[4,8]{1,0} is not used by any output"}}
                %arg1: tensor<4x8xf32> {jax.buffer_donor = true},
                %arg2: tensor<2xf32> {tf.aliasing_output = 1 : i32},
// expected-remark @+1 {{Reason="taken: output {1} f32[2]{0} is already aliased with parameter 2 at {}", Remark="donor parameter 3 at {} f32[2]{0} is not used by any output"}}
                %arg3: tensor<2xf32> {jax.buffer_donor = true},
// expected-remark @+1 {{Reason="layout: output {2} is f32[3,5]{1,0}", Remark="donor parameter 4 at {} f32[3,5]{0,1} is not used by any output", Suggestion="give parameter 4 and output {2} the same layout"}}
                %arg4: tensor<3x5xf32> {jax.buffer_donor = true, mhlo.layout_mode = "{0,1}"},
// expected-remark @+1 {{Reason="element-type: output {3} is s32[6]{0}", Remark="donor parameter 5 at {} f32[6]{0} is not used by any output"}}
                %arg5: tensor<6xf32> {jax.buffer_donor = true},
// expected-remark @+1 {{Reason="byte-size: output {4} bf16[16]{0} has the same byte size (32 bytes) but another shape; XLA's optimize_input_output_buffer_alias would pair them", Remark="donor parameter 6 at {} f32[8]{0} is not used by any output"}}
                %arg6: tensor<8xf32> {jax.buffer_donor = true},
// expected-remark @+1 {{Reason="none: no output has this shape, these dimensions or this byte size", Remark="donor parameter 7 at {} f64[7]{0} is not used by any output"}}
                %arg7: tensor<7xf64> {jax.buffer_donor = true})
    -> (tensor<4x8xf32>, tensor<2xf32>, tensor<3x5xf32>, tensor<6xi32>, tensor<16xbf16>) {
  %0 = "test.op"() : () -> tensor<3x5xf32>
  %1 = "test.op"() : () -> tensor<6xi32>
  %2 = "test.op"() : () -> tensor<16xbf16>
  return %arg0, %arg2, %0, %1, %2 : tensor<4x8xf32>, tensor<2xf32>, tensor<3x5xf32>, tensor<6xi32>, tensor<16xbf16>
}
