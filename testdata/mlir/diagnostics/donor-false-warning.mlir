// jax.buffer_donor = false still registers a donor (XLA checks presence):
// a warning at the attribute, checked with expected-warning; the run
// succeeds and the module comes back unchanged.

// RUN: mhlo-alias --verify-diagnostics %s > %t
// RUN: diff %s %t
// RUN: mhlo-alias %s 2>%t.err >/dev/null
// RUN: FileCheck %s < %t.err
// RUN: mhlo-alias --print-config=short %s 2>/dev/null | FileCheck %s --check-prefix=CONFIG

// CONFIG: buffer_donor={ (0, {}), (1, {}) }

// CHECK: {{^}}{{.*}}donor-false-warning.mlir:[[@LINE+3]]:39: warning: jax.buffer_donor = false still registers argument 0 as a buffer donor: XLA checks only that the attribute is present{{$}}
// expected-warning @+2 {{jax.buffer_donor = false still registers argument 0 as a buffer donor: XLA checks only that the attribute is present}}
// expected-warning @+2 {{jax.buffer_donor = false still registers argument 1}}
func.func @main(%arg0: tensor<2xf32> {jax.buffer_donor = false},
                %arg1: tensor<2xf32> {jax.buffer_donor = false}) -> tensor<2xf32> {
  %0 = "test.op"() : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
