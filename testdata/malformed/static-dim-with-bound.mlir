// ERROR: 3:68: static dimension 0 cannot have a bound, use ? to indicate a missing bound
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tuple<tensor<4xf32, #mhlo.type_extensions<bounds = [8]>>, tensor<3xi32>>) -> (tensor<2xf32>, tensor<3xi32>) {
    %0 = "mhlo.get_tuple_element"(%arg1) {index = 1 : i32} : (tuple<tensor<4xf32, #mhlo.type_extensions<bounds = [8]>>, tensor<3xi32>>) -> tensor<3xi32>
    return %arg0, %0 : tensor<2xf32>, tensor<3xi32>
  }
}
