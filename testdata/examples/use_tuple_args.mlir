// With --use-tuple-args every argument is an element of parameter 0.
// FLAGS: --use-tuple-args
module @tupled {
  func.func @main(%arg0: tensor<3xf32>, %arg1: tensor<3xf32> {tf.aliasing_output = 0 : i32}, %arg2: tensor<5xi8> {jax.buffer_donor = true}) -> (tensor<3xf32>, tensor<5xi8>) {
    return %arg1, %arg2 : tensor<3xf32>, tensor<5xi8>
  }
}
