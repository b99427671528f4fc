// ERROR: 3:41: tf.aliasing_output of argument 0 must be an integer that fits in 64 bits, got 99999999999999999999
module {
  func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 99999999999999999999 : i64}, %arg1: tuple<tensor<2xf32>, tensor<3xi32>>) -> (tensor<2xf32>, tensor<3xi32>) {
    %0 = "mhlo.get_tuple_element"(%arg1) {index = 1 : i32} : (tuple<tensor<2xf32>, tensor<3xi32>>) -> tensor<3xi32>
    return %arg0, %0 : tensor<2xf32>, tensor<3xi32>
  }
}
