// ERROR: 3:1: redefinition of alias #a
#a = 1
#a = 2
func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32>
