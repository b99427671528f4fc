// ERROR: 2:11: expected functions inside the module, not beside it
func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32>
module {
}
