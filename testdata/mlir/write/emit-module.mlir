// --emit=module writes mhlo.input_output_alias in upstream's exact format
// (one dictionary per alias in output pre-order, sorted keys, array<i64>
// for the empty index), removes the per-argument alias attributes (an
// emptied dictionary goes with its space), keeps donors, and adds
// ` attributes {...}` to a module that had none.

// RUN: mhlo-alias --emit=module %s | FileCheck %s --match-full-lines

// CHECK:      module @m attributes {mhlo.input_output_alias = [{alias = {kind = "must_alias", parameter_index = array<i64: 1>, parameter_number = 0 : i64}, output_index = array<i64: 0, 1>}, {alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 2 : i64}, output_index = array<i64: 1>}, {alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 1 : i64}, output_index = array<i64: 2>}]} {
// CHECK-NEXT:   func.func @main(%arg0: tuple<tensor<2xf32>, tensor<3xi32>>, %arg1: tensor<4xf32> {mhlo.sharding = "{replicated}"}, %arg2: tensor<4xf32>, %arg3: tensor<4xf32> {jax.buffer_donor = true}) -> (tuple<tensor<2xf32>, tensor<3xi32>>, tensor<4xf32>, tensor<4xf32>) {
// CHECK-NEXT:     return %arg0, %arg2, %arg1 : tuple<tensor<2xf32>, tensor<3xi32>>, tensor<4xf32>, tensor<4xf32>

module @m {
  func.func @main(%arg0: tuple<tensor<2xf32>, tensor<3xi32>> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [1], result_index = [0, 1], must_alias>}, %arg1: tensor<4xf32> {mhlo.sharding = "{replicated}", tf.aliasing_output = 2 : i32}, %arg2: tensor<4xf32> {tf.aliasing_output = 1 : i32}, %arg3: tensor<4xf32> {jax.buffer_donor = true}) -> (tuple<tensor<2xf32>, tensor<3xi32>>, tensor<4xf32>, tensor<4xf32>) {
    return %arg0, %arg2, %arg1 : tuple<tensor<2xf32>, tensor<3xi32>>, tensor<4xf32>, tensor<4xf32>
  }
}
