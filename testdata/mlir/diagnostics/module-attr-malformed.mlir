// Malformed mhlo.input_output_alias module attributes are errors with
// positions, never crashes: not an array, an entry that is not a
// dictionary, missing fields, an unknown kind (upstream would silently take
// it as must-alias), negative indices, an output index stated twice, an
// output index or parameter that does not exist, and a parameter leaf
// aliased by two outputs.

// RUN: mhlo-alias --split-input-file --verify-diagnostics %s

// expected-error @+1 {{mhlo.input_output_alias must be an array of dictionaries}}
module attributes {mhlo.input_output_alias = {x = 1 : i32}} {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tuple<tensor<2xf32>>) -> (tensor<2xf32>, tensor<2xf32>) {
    %0 = "test.get"(%arg1) : (tuple<tensor<2xf32>>) -> tensor<2xf32>
    return %arg0, %0 : tensor<2xf32>, tensor<2xf32>
  }
}

// -----

// expected-error @+1 {{mhlo.input_output_alias entry 0 must be a dictionary}}
module attributes {mhlo.input_output_alias = [1 : i64]} {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tuple<tensor<2xf32>>) -> (tensor<2xf32>, tensor<2xf32>) {
    %0 = "test.get"(%arg1) : (tuple<tensor<2xf32>>) -> tensor<2xf32>
    return %arg0, %0 : tensor<2xf32>, tensor<2xf32>
  }
}

// -----

// expected-error @+1 {{mhlo.input_output_alias entry 0 is missing output_index}}
module attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 0 : i64}}]} {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tuple<tensor<2xf32>>) -> (tensor<2xf32>, tensor<2xf32>) {
    %0 = "test.get"(%arg1) : (tuple<tensor<2xf32>>) -> tensor<2xf32>
    return %arg0, %0 : tensor<2xf32>, tensor<2xf32>
  }
}

// -----

// expected-error @+1 {{mhlo.input_output_alias entry 0 needs an alias dictionary}}
module attributes {mhlo.input_output_alias = [{output_index = array<i64: 0>}]} {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tuple<tensor<2xf32>>) -> (tensor<2xf32>, tensor<2xf32>) {
    %0 = "test.get"(%arg1) : (tuple<tensor<2xf32>>) -> tensor<2xf32>
    return %arg0, %0 : tensor<2xf32>, tensor<2xf32>
  }
}

// -----

// expected-error @+1 {{mhlo.input_output_alias entry 0 is missing kind}}
module attributes {mhlo.input_output_alias = [{alias = {parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64: 0>}]} {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tuple<tensor<2xf32>>) -> (tensor<2xf32>, tensor<2xf32>) {
    %0 = "test.get"(%arg1) : (tuple<tensor<2xf32>>) -> tensor<2xf32>
    return %arg0, %0 : tensor<2xf32>, tensor<2xf32>
  }
}

// -----

// expected-error @+1 {{mhlo.input_output_alias entry 0 is missing parameter_number}}
module attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>}, output_index = array<i64: 0>}]} {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tuple<tensor<2xf32>>) -> (tensor<2xf32>, tensor<2xf32>) {
    %0 = "test.get"(%arg1) : (tuple<tensor<2xf32>>) -> tensor<2xf32>
    return %arg0, %0 : tensor<2xf32>, tensor<2xf32>
  }
}

// -----

// An unknown kind (upstream takes any other string as must-alias).
// expected-error @+1 {{mhlo.input_output_alias entry 0 has unknown kind "maybe_alias"; expected "may_alias" or "must_alias"}}
module attributes {mhlo.input_output_alias = [{alias = {kind = "maybe_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64: 0>}]} {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tuple<tensor<2xf32>>) -> (tensor<2xf32>, tensor<2xf32>) {
    %0 = "test.get"(%arg1) : (tuple<tensor<2xf32>>) -> tensor<2xf32>
    return %arg0, %0 : tensor<2xf32>, tensor<2xf32>
  }
}

// -----

// expected-error @+1 {{mhlo.input_output_alias entry 0: parameter_index must hold indices >= 0, got -1}}
module attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64: -1>, parameter_number = 1 : i64}, output_index = array<i64: 1>}]} {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tuple<tensor<2xf32>>) -> (tensor<2xf32>, tensor<2xf32>) {
    %0 = "test.get"(%arg1) : (tuple<tensor<2xf32>>) -> tensor<2xf32>
    return %arg0, %0 : tensor<2xf32>, tensor<2xf32>
  }
}

// -----

// expected-error @+1 {{mhlo.input_output_alias entry 0: output_index must hold indices >= 0, got -1}}
module attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64: -1>}]} {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tuple<tensor<2xf32>>) -> (tensor<2xf32>, tensor<2xf32>) {
    %0 = "test.get"(%arg1) : (tuple<tensor<2xf32>>) -> tensor<2xf32>
    return %arg0, %0 : tensor<2xf32>, tensor<2xf32>
  }
}

// -----

// expected-error @+1 {{mhlo.input_output_alias entry 0: parameter_number must be >= 0, got -1}}
module attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = -1 : i64}, output_index = array<i64: 0>}]} {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tuple<tensor<2xf32>>) -> (tensor<2xf32>, tensor<2xf32>) {
    %0 = "test.get"(%arg1) : (tuple<tensor<2xf32>>) -> tensor<2xf32>
    return %arg0, %0 : tensor<2xf32>, tensor<2xf32>
  }
}

// -----

// expected-error @+1 {{mhlo.input_output_alias entry 1 aliases output index {0} again}}
module attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64: 0>}, {alias = {kind = "may_alias", parameter_index = array<i64: 0>, parameter_number = 1 : i64}, output_index = array<i64: 0>}]} {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tuple<tensor<2xf32>>) -> (tensor<2xf32>, tensor<2xf32>) {
    %0 = "test.get"(%arg1) : (tuple<tensor<2xf32>>) -> tensor<2xf32>
    return %arg0, %0 : tensor<2xf32>, tensor<2xf32>
  }
}

// -----

// XLA's SetUpAlias text for an output index outside the output shape.
// expected-error @+1 {{Trying to set up alias at {3} which is an invalid index for shape (f32[2], f32[2])}}
module attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64: 3>}]} {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tuple<tensor<2xf32>>) -> (tensor<2xf32>, tensor<2xf32>) {
    %0 = "test.get"(%arg1) : (tuple<tensor<2xf32>>) -> tensor<2xf32>
    return %arg0, %0 : tensor<2xf32>, tensor<2xf32>
  }
}

// -----

// expected-error @+1 {{output index {1} is aliased with parameter 5, but the entry function has 2 parameter(s)}}
module attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 5 : i64}, output_index = array<i64: 1>}]} {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tuple<tensor<2xf32>>) -> (tensor<2xf32>, tensor<2xf32>) {
    %0 = "test.get"(%arg1) : (tuple<tensor<2xf32>>) -> tensor<2xf32>
    return %arg0, %0 : tensor<2xf32>, tensor<2xf32>
  }
}

// -----

// expected-error @+1 {{output index {1} is aliased with parameter 1 at {1}, which is not an index of (f32[2])}}
module attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64: 1>, parameter_number = 1 : i64}, output_index = array<i64: 1>}]} {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tuple<tensor<2xf32>>) -> (tensor<2xf32>, tensor<2xf32>) {
    %0 = "test.get"(%arg1) : (tuple<tensor<2xf32>>) -> tensor<2xf32>
    return %arg0, %0 : tensor<2xf32>, tensor<2xf32>
  }
}

// -----

// One parameter leaf aliased by two outputs (the verifier's check).
// expected-error @+1 {{parameter 0 at {} is aliased with more than one output: output index {0} and output index {1}}}
module attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64: 0>}, {alias = {kind = "must_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64: 1>}]} {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tuple<tensor<2xf32>>) -> (tensor<2xf32>, tensor<2xf32>) {
    %0 = "test.get"(%arg1) : (tuple<tensor<2xf32>>) -> tensor<2xf32>
    return %arg0, %0 : tensor<2xf32>, tensor<2xf32>
  }
}
