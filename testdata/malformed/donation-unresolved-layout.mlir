// ERROR: 4:19: aws_neuron_buffer_donation_to_alias needs resolved layouts, but the layout of buffer donor parameter 0 at {} (f32[2]) is unresolved
// FLAGS: --passes=buffer-donation-to-alias
module {
  func.func @main(%arg0: tensor<2xf32> {jax.buffer_donor = true, mhlo.layout_mode = "auto"}, %arg1: tuple<tensor<2xf32>, tensor<3xi32>>) -> (tensor<2xf32>, tensor<3xi32>) {
    %0 = "mhlo.get_tuple_element"(%arg1) {index = 1 : i32} : (tuple<tensor<2xf32>, tensor<3xi32>>) -> tensor<3xi32>
    return %arg0, %0 : tensor<2xf32>, tensor<3xi32>
  }
}
