// ERROR: 2:68: layout {-1} of argument 0 is not a permutation of the dimensions of f32[2]
module attributes {mhlo.xla_entry_computation_parameter_layouts = [dense<[-1]> : tensor<1xindex>, dense<> : tensor<0xindex>]} {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tuple<tensor<2xf32>, tensor<3xi32>>) -> (tensor<2xf32>, tensor<3xi32>) {
    %0 = "mhlo.get_tuple_element"(%arg1) {index = 1 : i32} : (tuple<tensor<2xf32>, tensor<3xi32>>) -> tensor<3xi32>
    return %arg0, %0 : tensor<2xf32>, tensor<3xi32>
  }
}
