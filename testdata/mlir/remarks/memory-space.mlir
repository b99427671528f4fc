// A donor in host memory (mhlo.memory_kind = "pinned_host", memory space
// 5) whose only output of the same shape is in device memory (space 0):
// each pass explains why it did not pair them by its own rule.
// buffer-donation-to-alias pairs only equal shapes (Shape::Equal), and a
// shape's layout holds its memory space: class layout, naming both
// spaces. xla-buffer-donation pairs byte sizes within one memory space:
// class none, naming the output of that size in the other space.
// add-may-aliases keys on the shape printed with its layout, S(5)
// included. No Suggestion names a pass of the pipeline.

// RUN: mhlo-alias --passes=buffer-donation-to-alias --remarks-filter-missed='.*' --verify-diagnostics %s -o /dev/null
// RUN: mhlo-alias --passes=xla-buffer-donation --remarks-filter-missed='.*' %s 2>&1 >/dev/null | FileCheck %s --check-prefix=XLA
// RUN: mhlo-alias --passes=add-may-aliases --remarks-filter-missed='.*' %s 2>&1 >/dev/null | FileCheck %s --check-prefix=ADD
// RUN: mhlo-alias --passes=buffer-donation-to-alias,xla-buffer-donation --remarks-filter-missed='.*' %s 2>&1 >/dev/null | FileCheck %s --check-prefix=BOTH --implicit-check-not='Suggestion="run'
// RUN: mhlo-alias --unused-donors=warn %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNUSED

// XLA: memory-space.mlir:[[@LINE+18]]:17: remark: [Missed] optimize_input_output_buffer_alias | Category:donor-unused | Reason="none: no output without an alias has 64 bytes in memory space 5; output {0} f32[16]{0} has 64 bytes but is in memory space 0, and optimize_input_output_buffer_alias pairs only within a memory space", Remark="donor parameter 0 at {} f32[16]{0:S(5)} is not used by any output", Suggestion="give parameter 0 and output {0} the same memory space"
// XLA: memory-space.mlir:[[@LINE+20]]:17: remark: [Missed] optimize_input_output_buffer_alias | Category:donor-unused | Reason="none: no output without an alias has 32 bytes in memory space 5; output {1} bf16[16]{0} has 32 bytes but is in memory space 0, and optimize_input_output_buffer_alias pairs only within a memory space", Remark="donor parameter 1 at {} f32[8]{0:S(5)} is not used by any output", Suggestion="give parameter 1 and output {1} the same memory space"
// XLA-NOT: remark: [Missed]

// ADD: remark: [Missed] add-may-aliases | Category:output-unaliased | Reason="layout: parameter 0 f32[16]{0:S(5)} is in memory space 5 and the output in memory space 0; add-may-aliases pairs only equal shapes, memory space included", Remark="output {0} f32[16]{0} has no alias", Suggestion="give parameter 0 and output {0} the same memory space"
// ADD: remark: [Missed] add-may-aliases | Category:output-unaliased | Reason="element-type: parameter 0 is f32[16]{0:S(5)}", Remark="output {1} bf16[16]{0} has no alias"
// ADD-NOT: remark: [Missed]

// BOTH-COUNT-2: remark: [Missed] aws_neuron_buffer_donation_to_alias | Category:donor-unused
// BOTH-COUNT-2: remark: [Missed] optimize_input_output_buffer_alias | Category:donor-unused

// With no donation pass, the reason is the one buffer-donation-to-alias
// would give: not "free", as an output in another memory space is not
// the donor's shape.
// UNUSED: memory-space.mlir:[[@LINE+4]]:17: warning: donor parameter 0 at {} f32[16]{0:S(5)} is not used by any output: layout: output {0} f32[16]{0} is in memory space 0 and the donor in memory space 5; aws_neuron_buffer_donation_to_alias pairs only equal shapes, memory space included
// UNUSED: memory-space.mlir:[[@LINE+6]]:17: warning: donor parameter 1 at {} f32[8]{0:S(5)} is not used by any output: none: no output has this shape, these dimensions or this byte size

// expected-remark @+1 {{[Missed] aws_neuron_buffer_donation_to_alias | Category:donor-unused | Reason="layout: output {0} f32[16]{0} is in memory space 0 and the donor in memory space 5; aws_neuron_buffer_donation_to_alias pairs only equal shapes, memory space included", Remark="donor parameter 0 at {} f32[16]{0:S(5)} is not used by any output", Suggestion="give parameter 0 and output {0} the same memory space"}}
func.func @main(%arg0: tensor<16xf32> {jax.buffer_donor = true, mhlo.memory_kind = "pinned_host"},
// The byte size of output {1} counts only in device memory.
// expected-remark @+1 {{[Missed] aws_neuron_buffer_donation_to_alias | Category:donor-unused | Reason="none: no output has this shape, these dimensions or this byte size", Remark="donor parameter 1 at {} f32[8]{0:S(5)} is not used by any output"}}
                %arg1: tensor<8xf32> {jax.buffer_donor = true, mhlo.memory_kind = "pinned_host"})
    -> (tensor<16xf32>, tensor<16xbf16>) {
  %0 = "test.op"() : () -> tensor<16xf32>
  %1 = "test.op"() : () -> tensor<16xbf16>
  return %0, %1 : tensor<16xf32>, tensor<16xbf16>
}
