// ERROR: 3:41: mhlo.layout_mode of argument 0 must be "default", "auto" or a layout such as "{1,0}" for an array, got "{99999999999999999999}"
module {
  func.func @main(%arg0: tensor<2xf32> {mhlo.layout_mode = "{99999999999999999999}"}, %arg1: tuple<tensor<2xf32>, tensor<3xi32>>) -> (tensor<2xf32>, tensor<3xi32>) {
    %0 = "mhlo.get_tuple_element"(%arg1) {index = 1 : i32} : (tuple<tensor<2xf32>, tensor<3xi32>>) -> tensor<3xi32>
    return %arg0, %0 : tensor<2xf32>, tensor<3xi32>
  }
}
