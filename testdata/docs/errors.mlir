// expected-error @+1 {{Aliasing output must be 0 if only one output exists}}
func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 5 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
