// ERROR: 3:41: Trying to set up alias at {7} which is an invalid index for shape (f32[2], s32[3])
module {
  func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 7 : i32}, %arg1: tuple<tensor<2xf32>, tensor<3xi32>>) -> (tensor<2xf32>, tensor<3xi32>) {
    %0 = "mhlo.get_tuple_element"(%arg1) {index = 1 : i32} : (tuple<tensor<2xf32>, tensor<3xi32>>) -> tensor<3xi32>
    return %arg0, %0 : tensor<2xf32>, tensor<3xi32>
  }
}
