// ERROR: 4:13: redefinition of symbol named 'main'
module {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32>
  func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32>
}
