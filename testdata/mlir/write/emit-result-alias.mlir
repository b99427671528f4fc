// --emit=result-alias (the default with passes) writes mhlo.result_alias on
// each aliased argument in the canonical print (a new key at its sorted
// place), removes tf.aliasing_output and the mhlo.input_output_alias module
// attribute (the module's last attribute: the whole ` attributes {...}`
// goes), and keeps donors. The module attribute states the same aliases as
// the arguments.

// RUN: mhlo-alias --emit=result-alias %s | FileCheck %s --match-full-lines
// RUN: mhlo-alias --passes=flip-must-aliases %s | FileCheck %s --match-full-lines --check-prefix=MAY

// CHECK:      module @m {
// CHECK-NEXT:   func.func @main(%arg0: tensor<2x3xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [1], must_alias>}, %arg1: tensor<4xf32> {jax.buffer_donor = true}, %arg2: tensor<4xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>, mhlo.sharding = "{replicated}"}) -> (tensor<4xf32>, tensor<2x3xf32>) {
// CHECK-NEXT:     return %arg2, %arg0 : tensor<4xf32>, tensor<2x3xf32>

// MAY:      module @m {
// MAY-NEXT:   func.func @main(%arg0: tensor<2x3xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [1]>}, %arg1: tensor<4xf32> {jax.buffer_donor = true}, %arg2: tensor<4xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>, mhlo.sharding = "{replicated}"}) -> (tensor<4xf32>, tensor<2x3xf32>) {

module @m attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 2 : i64}, output_index = array<i64: 0>}, {alias = {kind = "must_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64: 1>}]} {
  func.func @main(%arg0: tensor<2x3xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [1], must_alias>}, %arg1: tensor<4xf32> {jax.buffer_donor = true}, %arg2: tensor<4xf32> {mhlo.sharding = "{replicated}", tf.aliasing_output = 0 : i32}) -> (tensor<4xf32>, tensor<2x3xf32>) {
    return %arg2, %arg0 : tensor<4xf32>, tensor<2x3xf32>
  }
}
