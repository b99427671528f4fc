// ERROR: 3:96: expected integer value
module {
  func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0.5]>}, %arg1: tuple<tensor<2xf32>, tensor<3xi32>>) -> (tensor<2xf32>, tensor<3xi32>) {
    %0 = "mhlo.get_tuple_element"(%arg1) {index = 1 : i32} : (tuple<tensor<2xf32>, tensor<3xi32>>) -> tensor<3xi32>
    return %arg0, %0 : tensor<2xf32>, tensor<3xi32>
  }
}
