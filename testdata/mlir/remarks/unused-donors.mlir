// --unused-donors: after the last pass, each donor still registered is a
// warning (warn) or an error (error) at its argument, naming why it is
// unused as the donor-unused remark does (its message, then its reason);
// error fails the run and writes nothing. The default, ignore, says
// nothing. With no donation pass in the pipeline, the reason is what
// buffer-donation-to-alias would find: "free" when an output of the
// donor's shape has no alias. After xla-buffer-donation, the reason is
// that pass's: here it pairs both donors by byte size (written as
// tf.aliasing_output: mhlo.result_alias cannot state the pair of
// tensor<8x4xf32> and tensor<32xf32>).

// RUN: mhlo-alias --passes=buffer-donation-to-alias --unused-donors=warn --verify-diagnostics %s -o /dev/null
// RUN: mhlo-alias --passes=buffer-donation-to-alias --unused-donors=warn %s 2>&1 >/dev/null | FileCheck %s --check-prefix=WARN
// RUN: rm -f %t.out
// RUN: not mhlo-alias --passes=buffer-donation-to-alias --unused-donors=error %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERROR
// RUN: not test -e %t.out
// RUN: mhlo-alias --passes=buffer-donation-to-alias %s 2>&1 >/dev/null | FileCheck %s --check-prefix=IGNORE --allow-empty
// RUN: not mhlo-alias --unused-donors=fail %s 2>&1 | FileCheck %s --check-prefix=USAGE
// RUN: not mhlo-alias --unused-donors=error %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOPASS
// RUN: mhlo-alias --passes=xla-buffer-donation --emit=tf --unused-donors=error %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=XLA --allow-empty

// WARN:     {{^}}{{.*}}unused-donors.mlir:[[@LINE+14]]:17: warning: donor parameter 1 at {} f32[8,4]{1,0} is not used by any output: byte-size: output {1} f32[32]{0} has the same byte size (128 bytes) but another shape; XLA's optimize_input_output_buffer_alias would pair them{{$}}
// WARN-NOT: warning
// ERROR:     {{^}}{{.*}}unused-donors.mlir:[[@LINE+12]]:17: error: donor parameter 1 at {} f32[8,4]{1,0} is not used by any output: byte-size: output {1} f32[32]{0} has the same byte size (128 bytes) but another shape; XLA's optimize_input_output_buffer_alias would pair them{{$}}
// ERROR-NOT: error
// IGNORE-NOT: donor
// USAGE: mhlo-alias: invalid --unused-donors=fail: valid values are ignore, warn, error
// NOPASS: unused-donors.mlir:[[@LINE+6]]:17: error: donor parameter 0 at {} f32[4,8]{1,0} is not used by any output: free: output {0} f32[4,8]{1,0} has its shape and no alias; no donation pass has paired them
// NOPASS: unused-donors.mlir:[[@LINE+7]]:17: error: donor parameter 1 at {} f32[8,4]{1,0} is not used by any output: byte-size:
// XLA-NOT: error

// The donor of parameter 0 becomes an alias of output {0}; the f32[8,4]
// donor matches nothing and is reported.
func.func @main(%arg0: tensor<4x8xf32> {jax.buffer_donor = true},
// expected-warning @+1 {{donor parameter 1 at {} f32[8,4]{1,0} is not used by any output: byte-size: output {1} f32[32]{0}}}
                %arg1: tensor<8x4xf32> {jax.buffer_donor = true})
    -> (tensor<4x8xf32>, tensor<32xf32>) {
  %0 = "test.op"() : () -> tensor<32xf32>
  return %arg0, %0 : tensor<4x8xf32>, tensor<32xf32>
}
