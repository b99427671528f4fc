// Passed remarks: every alias a pass adds (alias-added), removes
// (alias-removed) or changes the kind of (alias-rekinded), and every donor
// it consumes (donor-consumed), each at the result or argument it is
// about. --verify-diagnostics pins them with expected-remark; the second
// RUN checks the emitRemark lines on stderr, with the source line and the
// caret mlir-opt prints; the third that remarks change neither the output
// nor the exit status.

// RUN: mhlo-alias --passes=remove-aliases,add-must-aliases,flip-must-aliases --remarks-filter-passed='.*' --verify-diagnostics %s -o /dev/null
// RUN: mhlo-alias --passes=remove-aliases,add-must-aliases,flip-must-aliases --remarks-filter-passed='.*' %s 2>&1 >/dev/null | FileCheck %s
// RUN: mhlo-alias --passes=remove-aliases,add-must-aliases,flip-must-aliases %s > %t.plain
// RUN: mhlo-alias --passes=remove-aliases,add-must-aliases,flip-must-aliases --remarks-filter='.*' %s > %t.remarks 2>/dev/null
// RUN: diff %t.plain %t.remarks
// RUN: not mhlo-alias --passes=remove-aliases,add-must-aliases,flip-must-aliases --remarks-filter-passed=alias-removed --verify-diagnostics %s 2>&1 >/dev/null | FileCheck %s --check-prefix=UNMET

// With only alias-removed shown, the other expectations are not met.
// UNMET: error: expected remark "[Passed] add-must-aliases | Category:donor-consumed | Remark=\"donor parameter 1 at {} f32[8]{0} consumed by output {1}\"" was not produced

// CHECK:      {{^}}{{.*}}passed.mlir:[[@LINE+18]]:13: remark: [Passed] remove-aliases | Category:alias-removed | Remark="output {0} f32[4]{0} no longer may-aliased with parameter 0 at {}"{{$}}
// CHECK-NEXT: {{^}}        -> (tensor<4xf32>,{{$}}
// CHECK-NEXT: {{^}}            ^{{$}}
// CHECK:      remark: [Passed] add-must-aliases | Category:alias-added | Remark="output {0} f32[4]{0} must-aliased with parameter 0 at {}"
// CHECK:      remark: [Passed] add-must-aliases | Category:alias-added | Remark="output {1} f32[8]{0} must-aliased with parameter 1 at {}"
// CHECK:      {{^}}{{.*}}passed.mlir:[[@LINE+7]]:17: remark: [Passed] add-must-aliases | Category:donor-consumed | Remark="donor parameter 1 at {} f32[8]{0} consumed by output {1}"{{$}}
// CHECK-NEXT: {{^}}                %arg1: tensor<8xf32> {jax.buffer_donor = true}){{$}}
// CHECK-NEXT: {{^}}                ^{{$}}
// CHECK:      remark: [Passed] flip-must-aliases | Category:alias-rekinded | Remark="output {0} f32[4]{0} alias with parameter 0 at {} changed from must to may"

// expected-remark @+2 {{[Passed] add-must-aliases | Category:donor-consumed | Remark="donor parameter 1 at {} f32[8]{0} consumed by output {1}"}}
func.func @main(%arg0: tensor<4xf32> {tf.aliasing_output = 0 : i32},
                %arg1: tensor<8xf32> {jax.buffer_donor = true})
// expected-remark @+5 {{[Passed] remove-aliases | Category:alias-removed | Remark="output {0} f32[4]{0} no longer may-aliased with parameter 0 at {}"}}
// expected-remark @+4 {{[Passed] add-must-aliases | Category:alias-added | Remark="output {0} f32[4]{0} must-aliased with parameter 0 at {}"}}
// expected-remark @+3 {{Category:alias-rekinded | Remark="output {0} f32[4]{0} alias with parameter 0 at {} changed from must to may"}}
// expected-remark @+3 {{[Passed] add-must-aliases | Category:alias-added | Remark="output {1} f32[8]{0} must-aliased with parameter 1 at {}"}}
// expected-remark @+2 {{[Passed] flip-must-aliases | Category:alias-rekinded | Remark="output {1} f32[8]{0} alias with parameter 1 at {} changed from must to may"}}
        -> (tensor<4xf32>,
            tensor<8xf32>) {
  return %arg0, %arg1 : tensor<4xf32>, tensor<8xf32>
}
