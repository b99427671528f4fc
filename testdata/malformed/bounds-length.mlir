// ERROR: 3:68: bounds length is 2, expected to be equal to rank(1) of the tensor
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tuple<tensor<?xf32, #mhlo.type_extensions<bounds = [8, 8]>>, tensor<3xi32>>) -> (tensor<2xf32>, tensor<3xi32>) {
    %0 = "mhlo.get_tuple_element"(%arg1) {index = 1 : i32} : (tuple<tensor<?xf32, #mhlo.type_extensions<bounds = [8, 8]>>, tensor<3xi32>>) -> tensor<3xi32>
    return %arg0, %0 : tensor<2xf32>, tensor<3xi32>
  }
}
