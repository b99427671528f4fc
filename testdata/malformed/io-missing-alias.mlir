// ERROR: 2:47: mhlo.input_output_alias entry 0 needs an alias dictionary
module attributes {mhlo.input_output_alias = [{output_index = array<i64: 0>}]} {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tuple<tensor<2xf32>, tensor<3xi32>>) -> (tensor<2xf32>, tensor<3xi32>) {
    %0 = "mhlo.get_tuple_element"(%arg1) {index = 1 : i32} : (tuple<tensor<2xf32>, tensor<3xi32>>) -> tensor<3xi32>
    return %arg0, %0 : tensor<2xf32>, tensor<3xi32>
  }
}
