// Several functions; the entry is chosen with --entry=forward. The other
// functions' bodies hold dense hex blobs, strings with braces, nested
// regions and comments, all of which the reader skips.
// FLAGS: --entry=forward
module @several {
  func.func private @helper(%arg0: tensor<4xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [7]>}) -> tensor<4xf32> {
    %0 = "stablehlo.constant"() {value = dense<"0x00000000000000000000000000000000"> : tensor<4xf32>} : () -> tensor<4xf32>
    %1 = "test.region"() ({
      "test.inner"() {note = "{ not a brace", other = "\"}\""} : () -> ()
      // } a comment brace
    }) : () -> tensor<4xf32>
    return %1 : tensor<4xf32>
  }
  func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
    return %arg0 : tensor<2xf32>
  }
  func.func public @forward(%arg0: tensor<4xf32> {jax.buffer_donor = true}, %arg1: tensor<4xf32> {tf.aliasing_output = 1 : i64}) -> (tensor<4xf32>, tensor<4xf32>) {
    %0 = func.call @helper(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
    return %0, %arg1 : tensor<4xf32>, tensor<4xf32>
  }
  func.func private @after(%arg0: tensor<i1>) -> tensor<i1>
}
