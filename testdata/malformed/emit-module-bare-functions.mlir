// ERROR: 3:11: --emit=module needs a module operation to hold mhlo.input_output_alias; the input has bare functions
// FLAGS: --emit=module
func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32>
