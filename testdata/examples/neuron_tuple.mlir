// Neuron style: mhlo.result_alias on tuple arguments and tuple results.
module @neuron_step {
  func.func @main(%arg0: tuple<tensor<16xf32>, tensor<8xi32>> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [1], result_index = [1, 0], must_alias>}, %arg1: tensor<16xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}, %arg2: tuple<tensor<4xbf16>, tuple<tensor<2xf16>>> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [1, 0], result_index = [1, 1, 0]>}) -> (tensor<16xf32>, tuple<tensor<8xi32>, tuple<tensor<2xf16>>>) {
    %0 = "mhlo.get_tuple_element"(%arg0) {index = 1 : i32} : (tuple<tensor<16xf32>, tensor<8xi32>>) -> tensor<8xi32>
    %1 = "mhlo.get_tuple_element"(%arg2) {index = 1 : i32} : (tuple<tensor<4xbf16>, tuple<tensor<2xf16>>>) -> tuple<tensor<2xf16>>
    %2 = "mhlo.tuple"(%0, %1) : (tensor<8xi32>, tuple<tensor<2xf16>>) -> tuple<tensor<8xi32>, tuple<tensor<2xf16>>>
    return %arg1, %2 : tensor<16xf32>, tuple<tensor<8xi32>, tuple<tensor<2xf16>>>
  }
}
