// The module attribute and the argument attributes state the same aliases
// (as after an MHLO import followed by a JAX-style annotation pass).
module @both attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 1 : i64}, output_index = array<i64: 0>}]} {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32> {tf.aliasing_output = 0 : i32, mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}) -> (tensor<2xf32>, tensor<2xf32>) {
    return %arg1, %arg0 : tensor<2xf32>, tensor<2xf32>
  }
}
