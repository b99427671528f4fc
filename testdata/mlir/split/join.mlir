// --split-input-file: each chunk between separator lines is its own
// module, with its own entry function and module attribute; the outputs are
// joined with separator lines, so with no change the input comes back byte
// for byte.

// RUN: mhlo-alias --split-input-file %s > %t
// RUN: diff %s %t
// RUN: mhlo-alias --split-input-file --emit=module %s | FileCheck %s --match-full-lines

// CHECK:      module @first attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64>}]} {
// CHECK-NEXT:   func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
// CHECK-NEXT:     return %arg0 : tensor<2xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}//{{ }}-----{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: module @second attributes {mhlo.input_output_alias = [{alias = {kind = "must_alias", parameter_index = array<i64>, parameter_number = 1 : i64}, output_index = array<i64: 0>}]} {
// CHECK-NEXT:   func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<3xf32>) -> (tensor<3xf32>, tensor<2xf32>) {
// CHECK:      {{^}}//{{ }}-----{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: module @third attributes {mhlo.input_output_alias = []} {
// CHECK-NEXT:   func.func @main(%arg0: tensor<2xf32> {jax.buffer_donor = true}) -> tensor<2xf32> {

module @first {
  func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
    return %arg0 : tensor<2xf32>
  }
}

// -----

module @second {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<3xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}) -> (tensor<3xf32>, tensor<2xf32>) {
    return %arg1, %arg0 : tensor<3xf32>, tensor<2xf32>
  }
}

// -----

module @third {
  func.func @main(%arg0: tensor<2xf32> {jax.buffer_donor = true}) -> tensor<2xf32> {
    %0 = "test.op"() : () -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}
