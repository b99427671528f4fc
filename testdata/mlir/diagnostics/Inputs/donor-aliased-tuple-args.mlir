// With --use-tuple-args argument 1 is parameter 0 at {1}.
// expected-error @+1 {{Parameter 0 index {1} is already aliased with one output, thus it cannot be added as a buffer donor for any output.}}
func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32> {jax.buffer_donor = true, tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
  return %arg1 : tensor<2xf32>
}
