// The verifier's checks on every alias, at the attribute that introduced
// it: equal byte size (XLA's text, shapes printed with layout; skipped when
// either side is dynamic), MHLO's type rule for every mhlo.result_alias
// (equal element types, compatible dims), XLA's rule for must-aliases (the
// same shape, layout and memory space), and both sides arrays.
// upstream-verifiers.mlir has more of the two upstream rules.

// RUN: mhlo-alias --split-input-file --verify-diagnostics %s

// expected-error @+1 {{Expected aliased input 0 at index {} and output at index {1} to have the same size. Input sub-shape is f32[2,3]{1,0} with size 24, output sub-shape is f32[4]{0} with size 16}}
func.func @main(%arg0: tensor<2x3xf32> {tf.aliasing_output = 1 : i32}) -> (tensor<2x3xf32>, tensor<4xf32>) {
  %0 = "test.op"() : () -> tensor<4xf32>
  return %arg0, %0 : tensor<2x3xf32>, tensor<4xf32>
}

// -----

// Layouts print as read: parameter 0 is column-major here.
module attributes {mhlo.xla_entry_computation_parameter_layouts = [dense<[0, 1]> : tensor<2xindex>]} {
  // expected-error @+1 {{Input sub-shape is s8[2,3]{0,1} with size 6, output sub-shape is s8[5]{0} with size 5}}
  func.func @main(%arg0: tensor<2x3xi8> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}) -> tensor<5xi8> {
    %0 = "test.op"(%arg0) : (tensor<2x3xi8>) -> tensor<5xi8>
    return %0 : tensor<5xi8>
  }
}

// -----

// A may-alias only needs equal sizes: s32[4] and f32[4] are fine, and a
// dynamic side skips the size check.
func.func @main(%arg0: tensor<4xi32> {tf.aliasing_output = 0 : i32}, %arg1: tensor<?xf32> {tf.aliasing_output = 1 : i32}) -> (tensor<4xf32>, tensor<3xi8>) {
  %0:2 = "test.op"(%arg0, %arg1) : (tensor<4xi32>, tensor<?xf32>) -> (tensor<4xf32>, tensor<3xi8>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<3xi8>
}

// -----

// expected-error @+1 {{Shape and memory space of the result at index {} (f32[4]{0}) must be the same as the shape and memory spaceof aliased parameter 0 at index {} (s32[4]{0})}}
module attributes {mhlo.input_output_alias = [{alias = {kind = "must_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64>}]} {
  func.func @main(%arg0: tensor<4xi32>) -> tensor<4xf32> {
    %0 = "test.op"(%arg0) : (tensor<4xi32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----

// expected-error @+1 {{attribute "mhlo.result_alias" aliases do not have compatible types, 'tensor<2x3xf32>' vs. 'tensor<3x2xf32>'}}
func.func @main(%arg0: tensor<2x3xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}) -> tensor<3x2xf32> {
  %0 = "test.op"(%arg0) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// A dynamic dimension is compatible with any size.
func.func @main(%arg0: tensor<?x3xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}) -> tensor<2x3xf32> {
  %0 = "test.op"(%arg0) : (tensor<?x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// As a must-alias it is not the same shape: XLA's verifier rejects it.
// expected-error @+1 {{Shape and memory space of the result at index {} (f32[2,3]{1,0}) must be the same as the shape and memory spaceof aliased parameter 0 at index {} (f32[?,3]{1,0})}}
func.func @main(%arg0: tensor<?x3xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}) -> tensor<2x3xf32> {
  %0 = "test.op"(%arg0) : (tensor<?x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// expected-error @+1 {{parameter 0 at {} is aliased with output index {} but is not an array: token[]}}
func.func @main(%arg0: !stablehlo.token {tf.aliasing_output = 0 : i32}) -> !stablehlo.token {
  return %arg0 : !stablehlo.token
}

// -----

// expected-error @+1 {{output index {} is aliased with parameter 0 at {} but is not an array: (f32[2])}}
func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}) -> tuple<tensor<2xf32>> {
  %0 = "test.make"(%arg0) : (tensor<2xf32>) -> tuple<tensor<2xf32>>
  return %0 : tuple<tensor<2xf32>>
}

// -----

// An opaque leaf is not an array either.
// expected-error @+1 {{parameter 0 at {} is aliased with output index {} but is not an array}}
func.func @main(%arg0: tensor<*xf32> {tf.aliasing_output = 0 : i32}) -> tensor<*xf32> {
  return %arg0 : tensor<*xf32>
}
