// An expected diagnostic that is not produced is reported at its
// annotation, with the annotation's source line and a caret under it.

// RUN: not mhlo-alias --verify-diagnostics %s 2>&1 | FileCheck %s --strict-whitespace

// CHECK:      verify-failure-line.mlir:[[@LINE+4]]:4: error: expected error "no such error" was not produced
// CHECK-NEXT: {{^// expect.d-error @.1 .*no such error.*$}}
// CHECK-NEXT: {{^   \^$}}

// expected-error @+1 {{no such error}}
func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
