// ERROR: 3:41: mhlo.layout_mode "auto" of argument 0 disagrees with its layout f32[2]{0} from mhlo.xla_entry_computation_parameter_layouts
module attributes {mhlo.xla_entry_computation_parameter_layouts = [dense<[0]> : tensor<1xindex>, dense<> : tensor<0xindex>]} {
  func.func @main(%arg0: tensor<2xf32> {mhlo.layout_mode = "auto"}, %arg1: tuple<tensor<2xf32>, tensor<3xi32>>) -> (tensor<2xf32>, tensor<3xi32>) {
    %0 = "mhlo.get_tuple_element"(%arg1) {index = 1 : i32} : (tuple<tensor<2xf32>, tensor<3xi32>>) -> tensor<3xi32>
    return %arg0, %0 : tensor<2xf32>, tensor<3xi32>
  }
}
