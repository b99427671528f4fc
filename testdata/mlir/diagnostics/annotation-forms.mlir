// Annotations as mlir-opt writes them: @+N, @-N, @above, @below, none (the
// same line), with or without a space before '@', and two on one line.

// RUN: mhlo-alias --split-input-file --verify-diagnostics %s

// expected-error@+1 {{Aliasing output must be 0 if only one output exists}}
func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 1 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 1 : i32}) -> tensor<2xf32> {
// expected-error @above {{Aliasing output must be 0}}
  return %arg0 : tensor<2xf32>
}

// -----

func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 1 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
// expected-error @-3 {{Aliasing output must be 0}}

// -----

// expected-error @below {{Aliasing output must be 0}}
func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 1 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

// expected-error @+4 {{expected at least 1 element(s), found 0}} expected-error @+4 {{failed parsing argument-result alias attribute}}
//
//
//
func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = []>}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

func.func @main(%arg0: tensor<2xf32> {jax.buffer_donor = false}) -> tensor<2xf32> { // expected-warning {{still registers argument 0 as a buffer donor}}
  %0 = "test.op"() : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
