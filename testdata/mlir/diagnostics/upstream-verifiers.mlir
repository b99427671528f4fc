// The two upstream verifiers, on input, in their own words, at the
// attribute that states the alias:
// - MHLO's verifier of mhlo.result_alias (verifyArgResultAliasAttr) for
//   every alias it states, may or must: compatible shapes (the same rank,
//   a `?` matches any size) and equal element types;
// - XLA's verifier (HloVerifier, VerifyEntryComputationLayout) for every
//   must-alias, whatever states it: the same shape, layout and memory
//   space on both sides.
// A may-alias of the same byte size in another encoding is valid.

// RUN: mhlo-alias --split-input-file --verify-diagnostics %s

// XLA's donation pass pairs by byte size; MHLO rejects the pair in
// mhlo.result_alias even as a may-alias.
// expected-error @+1 {{attribute "mhlo.result_alias" aliases do not have compatible types, 'tensor<8x4xf32>' vs. 'tensor<32xf32>'}}
func.func @main(%arg0: tensor<8x4xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}) -> tensor<32xf32> {
  %0 = "test.op"(%arg0) : (tensor<8x4xf32>) -> tensor<32xf32>
  return %0 : tensor<32xf32>
}

// -----

// The same may-alias as tf.aliasing_output: XLA checks only the byte size.
func.func @main(%arg0: tensor<8x4xf32> {tf.aliasing_output = 0 : i32}) -> tensor<32xf32> {
  %0 = "test.op"(%arg0) : (tensor<8x4xf32>) -> tensor<32xf32>
  return %0 : tensor<32xf32>
}

// -----

// MHLO compares the leaves the indices name: tuple_indices into the
// argument, the rest of result_index into the result.
// expected-error @+1 {{attribute "mhlo.result_alias" aliases do not have compatible types, 'tensor<4xi32>' vs. 'tensor<4xf32>'}}
func.func @main(%arg0: tuple<tensor<2xf32>, tensor<4xi32>> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [1], result_index = [1, 0]>}, %arg1: tensor<2xf32>) -> (tensor<2xf32>, tuple<tensor<4xf32>>) {
  %0:2 = "test.op"(%arg0) : (tuple<tensor<2xf32>, tensor<4xi32>>) -> (tensor<2xf32>, tuple<tensor<4xf32>>)
  return %0#0, %0#1 : tensor<2xf32>, tuple<tensor<4xf32>>
}

// -----

// A must-alias from a pinned_host parameter (memory space 5) to a device
// result: compatible types for MHLO, but not the same memory space.
// expected-error @+1 {{Shape and memory space of the result at index {} (f32[16]{0}) must be the same as the shape and memory spaceof aliased parameter 0 at index {} (f32[16]{0:S(5)})}}
func.func @main(%arg0: tensor<16xf32> {mhlo.memory_kind = "pinned_host", mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}) -> tensor<16xf32> {
  return %arg0 : tensor<16xf32>
}

// -----

// The same as a may-alias is valid: only a must-alias forces one buffer.
func.func @main(%arg0: tensor<16xf32> {mhlo.memory_kind = "pinned_host", mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}) -> tensor<16xf32> {
  return %arg0 : tensor<16xf32>
}

// -----

// Both sides on the host: the same memory space.
func.func @main(%arg0: tensor<16xf32> {mhlo.memory_kind = "pinned_host", mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}) -> (tensor<16xf32> {mhlo.memory_kind = "unpinned_host"}) {
  return %arg0 : tensor<16xf32>
}

// -----

// Layouts: parameter 0 is column-major, the result row-major.
module attributes {mhlo.xla_entry_computation_parameter_layouts = [dense<[0, 1]> : tensor<2xindex>], mhlo.input_output_alias = [{alias = {kind = "must_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64>}]} {
  // expected-error @-1 {{Shape and memory space of the result at index {} (f32[2,3]{1,0}) must be the same as the shape and memory spaceof aliased parameter 0 at index {} (f32[2,3]{0,1})}}
  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
    return %arg0 : tensor<2x3xf32>
  }
}

// -----

// In a tuple parameter and a tuple result, the message names both indices
// and prints each leaf.
module attributes {mhlo.input_output_alias = [{alias = {kind = "must_alias", parameter_index = array<i64: 1>, parameter_number = 0 : i64}, output_index = array<i64: 1, 0>}]} {
  // expected-error @-1 {{Shape and memory space of the result at index {1,0} (f32[4]{0}) must be the same as the shape and memory spaceof aliased parameter 0 at index {1} (s32[4]{0})}}
  func.func @main(%arg0: tuple<tensor<2xf32>, tensor<4xi32>>) -> (tensor<2xf32>, tuple<tensor<4xf32>>) {
    %0:2 = "test.op"(%arg0) : (tuple<tensor<2xf32>, tensor<4xi32>>) -> (tensor<2xf32>, tuple<tensor<4xf32>>)
    return %0#0, %0#1 : tensor<2xf32>, tuple<tensor<4xf32>>
  }
}

// -----

// A dynamic dimension matches any size for MHLO, but is not the same
// shape for XLA: valid as a may-alias, not as a must-alias.
func.func @main(%arg0: tensor<?xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}, %arg1: tensor<?xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [1], must_alias>}) -> (tensor<4xf32>, tensor<4xf32>) {
  // expected-error @-1 {{Shape and memory space of the result at index {1} (f32[4]{0}) must be the same as the shape and memory spaceof aliased parameter 1 at index {} (f32[?]{0})}}
  %0:2 = "test.op"(%arg0, %arg1) : (tensor<?xf32>, tensor<?xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xf32>
}
