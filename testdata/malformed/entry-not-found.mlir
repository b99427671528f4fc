// ERROR: 1:1: entry function @forward not found; functions found: @main
// FLAGS: --entry=forward
func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32>
