// The same alias stated by two encodings (identical output, parameter and
// kind) is read once: mhlo.result_alias beside tf.aliasing_output on one
// argument, and a module attribute that repeats the argument attributes.

// RUN: mhlo-alias --print-config %s | FileCheck %s

// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: (f32[2], f32[2])
// CHECK-NEXT:   OutputIndex {0} is may-aliased with parameter 1 at {}:
// CHECK-NEXT:   OutputIndex {1} is must-aliased with parameter 0 at {}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-EMPTY:

module @both attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 1 : i64}, output_index = array<i64: 0>}, {alias = {kind = "must_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64: 1>}]} {
  func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [1], must_alias>}, %arg1: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>, tf.aliasing_output = 0 : i32}) -> (tensor<2xf32>, tensor<2xf32>) {
    return %arg1, %arg0 : tensor<2xf32>, tensor<2xf32>
  }
}
