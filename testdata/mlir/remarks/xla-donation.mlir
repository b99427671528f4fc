// Remarks of XLA's optimize_input_output_buffer_alias (xla-buffer-donation),
// which pairs donors and outputs by byte size alone: Passed for each pair
// (alias-added, donor-consumed), Missed for each registered donor left
// (donor-unused), with the output of the same size that was taken, or the
// nearest size.

// The pairs are written as tf.aliasing_output: mhlo.result_alias cannot
// state an alias of tensor<4x8xf32> and tensor<32xf32>.
// RUN: mhlo-alias --passes=xla-buffer-donation --emit=tf --remarks-filter='alias-added|donor-.*' --verify-diagnostics %s -o /dev/null
// RUN: mhlo-alias --passes='optimize_input_output_buffer_alias{registered-donors-only=false}' --emit=tf --remarks-filter-missed='.*' %s 2>&1 >/dev/null | FileCheck %s

// Without registered-donors-only every unaliased leaf may donate, and
// parameter 3 takes output {1}; the registered donors are left as before.
// CHECK-COUNT-2: remark: [Missed] optimize_input_output_buffer_alias | Category:donor-unused
// CHECK-NOT:     remark:

// expected-remark @+1 {{[Passed] optimize_input_output_buffer_alias | Category:donor-consumed | Remark="donor parameter 0 at {} f32[4,8]{1,0} consumed by output {0}"}}
func.func @main(%arg0: tensor<4x8xf32> {jax.buffer_donor = true},
// expected-remark @+1 {{[Missed] optimize_input_output_buffer_alias | Category:donor-unused | Reason="taken: output {0} f32[32]{0} of the same byte size (128 bytes) was taken by donor parameter 0 at {} earlier in this pass", Remark="donor parameter 1 at {} s32[8,4]{1,0} is not used by any output"}}
                %arg1: tensor<8x4xi32> {jax.buffer_donor = true},
// expected-remark @+1 {{Reason="none: no output without an alias has 40 bytes in memory space 0; the nearest is output {1} f32[8]{0} with 32 bytes", Remark="donor parameter 2 at {} f32[10]{0} is not used by any output"}}
                %arg2: tensor<10xf32> {jax.buffer_donor = true},
                %arg3: tensor<2x4xf32>)
// expected-remark @+1 {{[Passed] optimize_input_output_buffer_alias | Category:alias-added | Remark="output {0} f32[32]{0} may-aliased with parameter 0 at {}"}}
    -> (tensor<32xf32>, tensor<8xf32>) {
  %0 = "test.op"() : () -> tensor<32xf32>
  %1 = "test.op"() : () -> tensor<8xf32>
  return %0, %1 : tensor<32xf32>, tensor<8xf32>
}
