// mhlo.result_alias is parsed as upstream parses it, with upstream's two
// diagnostics: the specific one, then "failed parsing argument-result alias
// attribute". A missing result_index (undefined behaviour upstream) is an
// error too. Each case is its own chunk.

// RUN: mhlo-alias --split-input-file --verify-diagnostics %s

// expected-error @+2 {{expected at least 1 element(s), found 0}}
// expected-error @+1 {{failed parsing argument-result alias attribute}}
func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = []>}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

// expected-error @+2 {{missing `result_index` entry}}
// expected-error @+1 {{failed parsing argument-result alias attribute}}
func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [], must_alias>}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

// expected-error @+2 {{duplicated `result_index` entry}}
// expected-error @+1 {{failed parsing argument-result alias attribute}}
func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], result_index = [0]>}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

// expected-error @+2 {{expected one of: `tuple_indices`, `result_index`, `must_alias`}}
// expected-error @+1 {{failed parsing argument-result alias attribute}}
func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], may_alias>}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

// `must_alias` is a bare keyword: after it comes ',' or '>'.
// expected-error @+2 {{expected '>'}}
// expected-error @+1 {{failed parsing argument-result alias attribute}}
func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias = true>}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

// expected-error @+2 {{expected integer value}}
// expected-error @+1 {{failed parsing argument-result alias attribute}}
func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [x]>}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

// Not a #mhlo.result_alias at all.
// expected-error @+1 {{attribute "mhlo.result_alias" of argument 0 must be a #mhlo.result_alias<...>}}
func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = 0 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
