// Top-level functions without a module operation.
func.func private @init() -> tensor<f32>
func.func @main(%arg0: tensor<6xf32> {tf.aliasing_output = 0 : i32} loc("x"), %arg1: tensor<6xf32> loc("y")) -> tensor<6xf32> {
  %0 = func.call @init() : () -> tensor<f32>
  return %arg0 : tensor<6xf32>
}
