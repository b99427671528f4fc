// Attribute aliases (#name = attr) are resolved wherever an alias value is
// read: a whole mhlo.result_alias, a tf.aliasing_output value, and the
// module attribute or its entries.

// RUN: mhlo-alias --print-config %s | FileCheck %s

// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: (f32[2], f32[2], s8[3])
// CHECK-NEXT:   OutputIndex {0} is must-aliased with parameter 1 at {}:
// CHECK-NEXT:   OutputIndex {1} is may-aliased with parameter 0 at {}:
// CHECK-NEXT:   OutputIndex {2} is may-aliased with parameter 2 at {}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-EMPTY:

#must0 = #mhlo.result_alias<result_index = [0], must_alias>
#out1 = 1 : i32
#entry2 = {alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 2 : i64}, output_index = array<i64: 2>}
#map = affine_map<(d0) -> (d0)>

module attributes {mhlo.input_output_alias = [{alias = {kind = "must_alias", parameter_index = array<i64>, parameter_number = 1 : i64}, output_index = array<i64: 0>}, {alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64: 1>}, #entry2], test.map = #map} {
  func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = #out1}, %arg1: tensor<2xf32> {mhlo.result_alias = #must0}, %arg2: tensor<3xi8> {tf.aliasing_output = 2 : i32}) -> (tensor<2xf32>, tensor<2xf32>, tensor<3xi8>) {
    return %arg1, %arg0, %arg2 : tensor<2xf32>, tensor<2xf32>, tensor<3xi8>
  }
}
