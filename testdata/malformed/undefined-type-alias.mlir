// ERROR: 2:24: undefined symbol alias id 'undefined'
func.func @main(%arg0: !undefined) -> tensor<2xf32>
