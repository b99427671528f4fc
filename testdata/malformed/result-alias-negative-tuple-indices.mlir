// ERROR: 3:85: attribute "mhlo.result_alias" expects all argument and result indices to be >= 0
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tuple<tensor<2xf32>, tensor<3xi32>> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [-1], result_index = [0]>}) -> (tensor<2xf32>, tensor<3xi32>) {
    %0 = "mhlo.get_tuple_element"(%arg1) {index = 1 : i32} : (tuple<tensor<2xf32>, tensor<3xi32>>) -> tensor<3xi32>
    return %arg0, %0 : tensor<2xf32>, tensor<3xi32>
  }
}
