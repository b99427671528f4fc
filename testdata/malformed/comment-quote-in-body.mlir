// ERROR: 8:1: unexpected '}'
module {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
    // a lone " in a comment
    return %arg0 : tensor<2xf32>
  }
}
}
