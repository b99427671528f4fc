// ERROR: 4:41: after pass flip-may-aliases: Shape and memory space of the result at index {1} (s32[2]{0}) must be the same as the shape and memory spaceof aliased parameter 0 at index {} (f32[2]{0})
// FLAGS: --passes=flip-may-aliases
module {
  func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 1 : i32}, %arg1: tuple<tensor<2xf32>, tensor<3xi32>>) -> (tensor<2xf32>, tensor<2xi32>) {
    %0 = "mhlo.get_tuple_element"(%arg1) {index = 1 : i32} : (tuple<tensor<2xf32>, tensor<3xi32>>) -> tensor<3xi32>
    return %arg0, %0 : tensor<2xf32>, tensor<3xi32>
  }
}
