// ERROR: 2:37: buffer donor parameter 0 at {} is not an array: token[]
func.func @main(%arg0: !mhlo.token {jax.buffer_donor = true}) -> tensor<2xf32>
