// ERROR: 3:1: expected type
func.func @main(%arg0: tensor<2xf32>) ->
