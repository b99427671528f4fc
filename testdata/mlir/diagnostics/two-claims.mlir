// Per-argument encodings are merged; two of them claiming the same output,
// or the same parameter leaf, is an error at the second claim naming both
// positions. The same alias stated twice is not an error (see read/).

// RUN: mhlo-alias --split-input-file --verify-diagnostics %s
// RUN: not mhlo-alias --split-input-file %s 2>&1 | FileCheck %s

// Two arguments claim output {0}. The CHECK lines state both positions in
// full, with line numbers relative to the CHECK line.
// CHECK: {{^}}{{.*}}two-claims.mlir:[[@LINE+2]]:92: error: output index {0} is aliased twice: by tf.aliasing_output at {{.*}}two-claims.mlir:[[@LINE+2]]:39 and by mhlo.result_alias at {{.*}}two-claims.mlir:[[@LINE+2]]:92{{$}}
// expected-error @+1 {{output index {0} is aliased twice: by tf.aliasing_output at}}
func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}, %arg1: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}) -> (tensor<2xf32>, tensor<2xf32>) {
  return %arg1, %arg0 : tensor<2xf32>, tensor<2xf32>
}

// -----

// One argument, two encodings, two different outputs: one parameter leaf
// aliased twice.
// CHECK: {{^}}{{.*}}two-claims.mlir:[[@LINE+2]]:99: error: parameter 0 at {} is aliased twice: with output index {0} by mhlo.result_alias at {{.*}}two-claims.mlir:[[@LINE+2]]:39 and with output index {1} by tf.aliasing_output at {{.*}}two-claims.mlir:[[@LINE+2]]:99{{$}}
// expected-error @+1 {{parameter 0 at {} is aliased twice: with output index {0} by mhlo.result_alias at}}
func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>, tf.aliasing_output = 1 : i32}) -> (tensor<2xf32>, tensor<2xf32>) {
  return %arg0, %arg0 : tensor<2xf32>, tensor<2xf32>
}

// -----

// One argument, two encodings, the same output but different kinds.
// expected-error @+1 {{output index {} is aliased twice}}
func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>, tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
