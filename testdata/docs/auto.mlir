func.func @main(%arg0: tensor<4x8xf32> {jax.buffer_donor = true, mhlo.layout_mode = "auto"}) -> (tensor<4x8xf32> {mhlo.layout_mode = "auto"}) {
  return %arg0 : tensor<4x8xf32>
}
