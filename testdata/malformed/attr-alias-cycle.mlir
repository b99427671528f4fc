// ERROR: 3:6: attribute alias #a refers to itself
#a = #b
#b = #a
func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #a}) -> tensor<2xf32>
