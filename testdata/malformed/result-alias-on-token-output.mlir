// ERROR: 2:39: output index {1} is aliased with parameter 0 at {} but is not an array: token[]
func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [1]>}) -> (tensor<2xf32>, !mhlo.token)
