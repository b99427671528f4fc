// ERROR: 2:8: unbalanced '{': no matching '}'
module {
  func.func @main(%arg0: tensor<2xf32> loc("{{")) -> tensor<2xf32> {
    return %arg0 : tensor<2xf32>
  }
