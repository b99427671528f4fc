// The mhlo.input_output_alias module attribute, as XLA's HLO importer
// writes it: kinds may_alias and must_alias, nested output and parameter
// indices, `array<i64>` for the empty index.

// RUN: mhlo-alias --print-config %s | FileCheck %s

// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: (f32[2,3], (f32[4], s32[]))
// CHECK-NEXT:   OutputIndex {0} is must-aliased with parameter 0 at {}:
// CHECK-NEXT:   OutputIndex {1,1} is may-aliased with parameter 1 at {0,1}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-EMPTY:

module @xla_computation attributes {mhlo.input_output_alias = [{alias = {kind = "must_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64: 0>}, {alias = {kind = "may_alias", parameter_index = array<i64: 0, 1>, parameter_number = 1 : i64}, output_index = array<i64: 1, 1>}]} {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tuple<tuple<tensor<1xf32>, tensor<i32>>>) -> (tensor<2x3xf32>, tuple<tensor<4xf32>, tensor<i32>>) {
    %0 = "test.op"(%arg1) : (tuple<tuple<tensor<1xf32>, tensor<i32>>>) -> tuple<tensor<4xf32>, tensor<i32>>
    return %arg0, %0 : tensor<2x3xf32>, tuple<tensor<4xf32>, tensor<i32>>
  }
}
