// A non-empty mhlo.input_output_alias beside per-argument aliases must
// state the same set (kinds included; tf.aliasing_output is always may);
// otherwise it is an error at the alias that one side lacks.

// RUN: mhlo-alias --split-input-file --verify-diagnostics %s

// The module states an alias the arguments do not.
// expected-error @+1 {{mhlo.input_output_alias states an alias of output index {1} to parameter 1 at {} (may-alias) that the argument attributes do not}}
module attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64: 0>}, {alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 1 : i64}, output_index = array<i64: 1>}]} {
  func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}, %arg1: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
    return %arg0, %arg1 : tensor<2xf32>, tensor<2xf32>
  }
}

// -----

// An argument states an alias the module does not.
module attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64: 0>}]} {
  // expected-error @+1 {{mhlo.result_alias states an alias of output index {1} to parameter 1 at {} (must-alias) that mhlo.input_output_alias does not}}
  func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}, %arg1: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [1], must_alias>}) -> (tensor<2xf32>, tensor<2xf32>) {
    return %arg0, %arg1 : tensor<2xf32>, tensor<2xf32>
  }
}

// -----

// Same output and parameter, different kinds: tf.aliasing_output is may.
// expected-error @+1 {{mhlo.input_output_alias states an alias of output index {} to parameter 0 at {} (must-alias) that the argument attributes do not}}
module attributes {mhlo.input_output_alias = [{alias = {kind = "must_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64>}]} {
  func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
    return %arg0 : tensor<2xf32>
  }
}
