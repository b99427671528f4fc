// --verify-diagnostics fails (exit 1) with a file:line:col message when an
// expected diagnostic is not produced, when a diagnostic is not expected,
// when it is expected on another line, or with another severity; a chunk
// whose expectations all hold reports nothing.

// RUN: not mhlo-alias --split-input-file --verify-diagnostics %s 2>%t.err >%t.out
// RUN: FileCheck %s < %t.err

// CHECK-DAG: {{^}}{{.*}}verify-failures.mlir:17:4: error: expected error "no such error" was not produced{{$}}
// CHECK-DAG: {{^}}{{.*}}verify-failures.mlir:25:39: error: unexpected error: Aliasing output must be 0 if only one output exists{{$}}
// CHECK-DAG: {{^}}{{.*}}verify-failures.mlir:32:4: error: expected error "Aliasing output must be 0" was not produced{{$}}
// CHECK-DAG: {{^}}{{.*}}verify-failures.mlir:33:39: error: unexpected error: Aliasing output must be 0 if only one output exists{{$}}
// CHECK-DAG: {{^}}{{.*}}verify-failures.mlir:40:4: error: expected error "jax.buffer_donor = false" was not produced{{$}}
// CHECK-DAG: {{^}}{{.*}}verify-failures.mlir:41:39: error: unexpected warning: jax.buffer_donor = false still registers argument 0 as a buffer donor: XLA checks only that the attribute is present{{$}}
// CHECK-NOT:  error

// expected-error @+1 {{no such error}}
func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

// No annotation for this error.
func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 1 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

// The annotation points one line too far.
// expected-error @+2 {{Aliasing output must be 0}}
func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 1 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

// A warning is not an error.
// expected-error @+1 {{jax.buffer_donor = false}}
func.func @main(%arg0: tensor<2xf32> {jax.buffer_donor = false}) -> tensor<2xf32> {
  %0 = "test.op"() : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// All expectations hold here.
// expected-error @+1 {{Aliasing output must be 0 if only one output exists}}
func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 2 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
