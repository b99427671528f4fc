// ERROR: 3:43: attribute "mhlo.result_alias" aliases do not have compatible types, 'tensor<8x4xf32>' vs. 'tensor<32xf32>'
module {
  func.func @main(%arg0: tensor<8x4xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}) -> tensor<32xf32> {
    %0 = "test.op"(%arg0) : (tensor<8x4xf32>) -> tensor<32xf32>
    return %0 : tensor<32xf32>
  }
}
