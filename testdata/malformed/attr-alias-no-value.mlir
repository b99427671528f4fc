// ERROR: 4:1: expected a value in alias definition of #a
func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32>
#a =
