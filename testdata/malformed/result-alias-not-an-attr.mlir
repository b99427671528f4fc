// ERROR: 3:41: attribute "mhlo.result_alias" of argument 0 must be a #mhlo.result_alias<...>
module {
  func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = 3 : i32}, %arg1: tuple<tensor<2xf32>, tensor<3xi32>>) -> (tensor<2xf32>, tensor<3xi32>) {
    %0 = "mhlo.get_tuple_element"(%arg1) {index = 1 : i32} : (tuple<tensor<2xf32>, tensor<3xi32>>) -> tensor<3xi32>
    return %arg0, %0 : tensor<2xf32>, tensor<3xi32>
  }
}
