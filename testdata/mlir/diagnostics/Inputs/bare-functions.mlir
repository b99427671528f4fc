// Bare top-level functions: no module to hold mhlo.input_output_alias.
func.func private @helper(tensor<2xf32>) -> tensor<2xf32>
// expected-error @+1 {{--emit=module needs a module operation to hold mhlo.input_output_alias; the input has bare functions}}
func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
