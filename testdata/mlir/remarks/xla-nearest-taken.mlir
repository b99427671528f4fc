// The XLA pass's remark about a donor left unused names the nearest
// output in size and says when that output was taken by another donor in
// the same pass.

// RUN: mhlo-alias --passes=xla-buffer-donation --remarks-filter-missed='.*' %s 2>&1 >/dev/null | FileCheck %s

// CHECK: [[#@LINE+2]]:62: remark: [Missed] optimize_input_output_buffer_alias | Category:donor-unused | Reason="none: no output without an alias has 12 bytes in memory space 0; the nearest is output {} f32[4]{0} with 16 bytes, taken by donor parameter 0 at {} earlier in this pass"
// CHECK-NOT: remark:
func.func @main(%a: tensor<4xf32> {jax.buffer_donor = true}, %b: tensor<3xf32> {jax.buffer_donor = true}) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
