// ERROR: 2:39: Aliasing output must be 0 if only one output exists
func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 1 : i32}) -> tensor<2xf32>
