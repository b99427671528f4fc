// ERROR: 2:47: Trying to set up alias at {3} which is an invalid index for shape (f32[2], s32[3])
module attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64: 3>}]} {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tuple<tensor<2xf32>, tensor<3xi32>>) -> (tensor<2xf32>, tensor<3xi32>) {
    %0 = "mhlo.get_tuple_element"(%arg1) {index = 1 : i32} : (tuple<tensor<2xf32>, tensor<3xi32>>) -> tensor<3xi32>
    return %arg0, %0 : tensor<2xf32>, tensor<3xi32>
  }
}
