// jax.buffer_donor = false still registers a donor (XLA checks presence):
// the reader warns about it.
module @donor_false {
  func.func @main(%arg0: tensor<2xf32> {jax.buffer_donor = false}, %arg1: tensor<2xf32> {jax.buffer_donor = true}) -> (tensor<2xf32>) {
    return %arg0 : tensor<2xf32>
  }
}
