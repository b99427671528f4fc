// Per-value layouts from mhlo.layout_mode: auto (unresolved) and explicit.
module @layouts {
  func.func @main(%arg0: tensor<4x8xf32> {mhlo.layout_mode = "auto", tf.aliasing_output = 0 : i32}, %arg1: tensor<4x8xf32> {mhlo.layout_mode = "{0,1}"}, %arg2: tensor<4x8xf32> {mhlo.layout_mode = "default"}) -> (tensor<4x8xf32> {mhlo.layout_mode = "auto"}, tensor<4x8xf32> {mhlo.layout_mode = "{0,1}"}) {
    return %arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>
  }
}
