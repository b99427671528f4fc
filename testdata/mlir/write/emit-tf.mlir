// --emit=tf writes `tf.aliasing_output = N : i32` (N the result number) in
// place of mhlo.result_alias and the module attribute; a new key goes at
// its sorted place. add-may-aliases gives argument 1 an alias to write.

// RUN: mhlo-alias --passes=add-may-aliases --emit=tf %s | FileCheck %s --match-full-lines

// CHECK:      module @jit_f {
// CHECK-NEXT:   func.func public @main(%arg0: tensor<3xi32> {jax.arg_info = "x", tf.aliasing_output = 1 : i32}, %arg1: tensor<2xf32> {a.first = 0 : i32, tf.aliasing_output = 0 : i32, z.last = 1 : i32}) -> (tensor<2xf32>, tensor<3xi32>) {
// CHECK-NEXT:     return %arg1, %arg0 : tensor<2xf32>, tensor<3xi32>

module @jit_f attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64: 1>}]} {
  func.func public @main(%arg0: tensor<3xi32> {jax.arg_info = "x", mhlo.result_alias = #mhlo.result_alias<result_index = [1]>}, %arg1: tensor<2xf32> {a.first = 0 : i32, z.last = 1 : i32}) -> (tensor<2xf32>, tensor<3xi32>) {
    return %arg1, %arg0 : tensor<2xf32>, tensor<3xi32>
  }
}
