// ERROR: 2:1: entry function @main not found; functions found: @forward
module {
  func.func @forward(%arg0: tensor<2xf32>) -> tensor<2xf32> {
    return %arg0 : tensor<2xf32>
  }
}
