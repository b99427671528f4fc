// ERROR: 3:68: bound -3 of dimension 0 must be a non-negative 64-bit integer
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tuple<tensor<?xf32, #stablehlo.bounds<-3>>, tensor<3xi32>>) -> (tensor<2xf32>, tensor<3xi32>) {
    %0 = "mhlo.get_tuple_element"(%arg1) {index = 1 : i32} : (tuple<tensor<?xf32, #stablehlo.bounds<-3>>, tensor<3xi32>>) -> tensor<3xi32>
    return %arg0, %0 : tensor<2xf32>, tensor<3xi32>
  }
}
