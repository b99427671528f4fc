// mhlo.result_alias indices are checked against the function's types with
// upstream's verifier texts: negative indices (result or tuple), a result
// index out of range, argument tuple indices and result tuple indices that
// do not name a subshape.

// RUN: mhlo-alias --split-input-file --verify-diagnostics %s

// expected-error @+1 {{attribute "mhlo.result_alias" expects all argument and result indices to be >= 0}}
func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [-1]>}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

// expected-error @+1 {{attribute "mhlo.result_alias" expects all argument and result indices to be >= 0}}
func.func @main(%arg0: tuple<tensor<2xf32>> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [-2], result_index = [0]>}) -> tensor<2xf32> {
  %0 = "test.get"(%arg0) : (tuple<tensor<2xf32>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// expected-error @+1 {{attribute "mhlo.result_alias" result index is out of range, must be <2}}
func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [2]>}) -> (tensor<2xf32>, tensor<2xf32>) {
  return %arg0, %arg0 : tensor<2xf32>, tensor<2xf32>
}

// -----

// A single result is result 0; there is no result 1.
// expected-error @+1 {{attribute "mhlo.result_alias" result index is out of range, must be <1}}
func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [1]>}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

// expected-error @+1 {{attribute "mhlo.result_alias" argument tuple indices are invalid}}
func.func @main(%arg0: tuple<tensor<2xf32>, tensor<3xf32>> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [2], result_index = [0]>}) -> tensor<2xf32> {
  %0 = "test.get"(%arg0) : (tuple<tensor<2xf32>, tensor<3xf32>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// tuple_indices into an argument that is not a tuple.
// expected-error @+1 {{attribute "mhlo.result_alias" argument tuple indices are invalid}}
func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [0], result_index = [0]>}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

// expected-error @+1 {{attribute "mhlo.result_alias" result tuple indices are invalid}}
func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [1, 1]>}) -> (tensor<i32>, tuple<tensor<2xf32>>) {
  %0:2 = "test.op"(%arg0) : (tensor<2xf32>) -> (tensor<i32>, tuple<tensor<2xf32>>)
  return %0#0, %0#1 : tensor<i32>, tuple<tensor<2xf32>>
}

// -----

// A path into a result that is not a tuple.
// expected-error @+1 {{attribute "mhlo.result_alias" result tuple indices are invalid}}
func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0, 0]>}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
