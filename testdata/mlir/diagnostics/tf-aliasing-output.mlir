// tf.aliasing_output errors: with a single result N must be 0 (upstream's
// text), N must be a non-negative integer that fits in 64 bits, and with
// several results N must name one of them.

// RUN: mhlo-alias --split-input-file --verify-diagnostics %s

// expected-error @+1 {{Aliasing output must be 0 if only one output exists}}
func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 1 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

// expected-error @+1 {{tf.aliasing_output of argument 1 must be >= 0, got -1}}
func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32> {tf.aliasing_output = -1 : i32}) -> (tensor<2xf32>, tensor<2xf32>) {
  return %arg0, %arg1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// expected-error @+1 {{tf.aliasing_output of argument 0 must be an integer}}
func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = "0"}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

// expected-error @+1 {{tf.aliasing_output of argument 0 must be an integer that fits in 64 bits, got 18446744073709551616}}
func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 18446744073709551616 : i128}) -> (tensor<2xf32>, tensor<2xf32>) {
  return %arg0, %arg0 : tensor<2xf32>, tensor<2xf32>
}

// -----

// Output {3} of a 2-tuple: XLA's SetUpAlias text.
// expected-error @+1 {{Trying to set up alias at {3} which is an invalid index for shape (f32[2], f32[2])}}
func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 3 : i32}) -> (tensor<2xf32>, tensor<2xf32>) {
  return %arg0, %arg0 : tensor<2xf32>, tensor<2xf32>
}
