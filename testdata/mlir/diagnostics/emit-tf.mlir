// --emit=tf errors, checked with --verify-diagnostics: a must-alias, an
// alias of part of an argument and a nested output index cannot be written
// as tf.aliasing_output; a chunk that can be written succeeds.

// RUN: mhlo-alias --split-input-file --verify-diagnostics --emit=tf %s | FileCheck %s

// CHECK: func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 1 : i32})
// CHECK-NOT: must_alias

// expected-error @+1 {{argument 0 is must-aliased with output index {}; tf.aliasing_output states only may-aliases: use --emit=result-alias or --emit=module}}
func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

// expected-error @+1 {{argument 0 is aliased at {1}, a part of the argument}}
func.func @main(%arg0: tuple<tensor<2xf32>, tensor<3xf32>> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [1], result_index = [0]>}) -> tensor<3xf32> {
  %0 = "test.get"(%arg0) : (tuple<tensor<2xf32>, tensor<3xf32>>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// expected-error @+1 {{argument 0 is aliased with the nested output index {1,0}; tf.aliasing_output names a whole result}}
func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [1, 0]>}) -> (tensor<i1>, tuple<tensor<2xf32>>) {
  %0:2 = "test.op"(%arg0) : (tensor<2xf32>) -> (tensor<i1>, tuple<tensor<2xf32>>)
  return %0#0, %0#1 : tensor<i1>, tuple<tensor<2xf32>>
}

// -----

func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [1]>}) -> (tensor<i1>, tensor<2xf32>) {
  %0 = "test.op"() : () -> tensor<i1>
  return %0, %arg0 : tensor<i1>, tensor<2xf32>
}
