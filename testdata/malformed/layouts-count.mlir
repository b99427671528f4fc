// ERROR: 2:20: mhlo.xla_entry_computation_parameter_layouts has 1 entries, but the entry function has 2
module attributes {mhlo.xla_entry_computation_parameter_layouts = [dense<[0]> : tensor<1xindex>]} {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tuple<tensor<2xf32>, tensor<3xi32>>) -> (tensor<2xf32>, tensor<3xi32>) {
    %0 = "mhlo.get_tuple_element"(%arg1) {index = 1 : i32} : (tuple<tensor<2xf32>, tensor<3xi32>>) -> tensor<3xi32>
    return %arg0, %0 : tensor<2xf32>, tensor<3xi32>
  }
}
