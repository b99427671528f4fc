// ERROR: 4:43: argument 0 ('tensor<8x4xf32>') is aliased with output index {} ('tensor<32xf32>'); mhlo.result_alias states only aliases of compatible types: use --emit=module or --emit=tf
// FLAGS: --emit=result-alias
module {
  func.func @main(%arg0: tensor<8x4xf32> {tf.aliasing_output = 0 : i32}) -> tensor<32xf32> {
    %0 = "test.op"(%arg0) : (tensor<8x4xf32>) -> tensor<32xf32>
    return %0 : tensor<32xf32>
  }
}
