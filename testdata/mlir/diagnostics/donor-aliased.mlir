// A donor that is also aliased is an error at jax.buffer_donor, with XLA's
// builder text, whichever encoding states the alias; with --use-tuple-args
// the parameter is 0 at {i}.

// RUN: mhlo-alias --split-input-file --verify-diagnostics %s
// RUN: mhlo-alias --use-tuple-args --verify-diagnostics %S/Inputs/donor-aliased-tuple-args.mlir

// expected-error @+1 {{Parameter 0 index {} is already aliased with one output, thus it cannot be added as a buffer donor for any output.}}
func.func @main(%arg0: tensor<2xf32> {jax.buffer_donor = true, tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

// expected-error @+1 {{Parameter 1 index {} is already aliased with one output, thus it cannot be added as a buffer donor for any output.}}
func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32> {jax.buffer_donor = true, mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}) -> tensor<2xf32> {
  return %arg1 : tensor<2xf32>
}

// -----

module attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64>}]} {
  // expected-error @+1 {{Parameter 0 index {} is already aliased with one output}}
  func.func @main(%arg0: tensor<2xf32> {jax.buffer_donor = true}) -> tensor<2xf32> {
    return %arg0 : tensor<2xf32>
  }
}

// -----

// A donor registered with `false` is still a donor, so the conflict stands
// (and the warning comes with it).
// expected-warning @+2 {{jax.buffer_donor = false still registers argument 0 as a buffer donor}}
// expected-error @+1 {{Parameter 0 index {} is already aliased with one output}}
func.func @main(%arg0: tensor<2xf32> {jax.buffer_donor = false, tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
