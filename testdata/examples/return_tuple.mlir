// With --return-tuple a single result still makes a tuple output, so the
// alias names output index {0}.
// FLAGS: --return-tuple
module @one_result {
  func.func @main(%arg0: tensor<10xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}) -> tensor<10xf32> {
    return %arg0 : tensor<10xf32>
  }
}
