// ERROR: 3:8: unterminated string
func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "mhlo.copy(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
