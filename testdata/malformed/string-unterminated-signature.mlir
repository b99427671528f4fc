// ERROR: 2:43: unterminated string
func.func @main(%arg0: tensor<2xf32> {a = "abc}) -> tensor<2xf32>
