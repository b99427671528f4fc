// A JAX export: donated arguments paired with outputs by jax
// (tf.aliasing_output), one donation left for XLA (jax.buffer_donor).
#loc1 = loc("train.py":12:4)
#loc2 = loc("train.py":13:8)
module @jit_train_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<128x256xf32> {mhlo.layout_mode = "default", tf.aliasing_output = 0 : i32} loc("params"), %arg1: tensor<256xf32> {jax.buffer_donor = true, mhlo.layout_mode = "default"} loc("opt_state"), %arg2: tensor<32x128xbf16> {mhlo.layout_mode = "default"} loc("batch")) -> (tensor<128x256xf32> {jax.result_info = "[0]", mhlo.layout_mode = "default"}, tensor<256xf32> {jax.result_info = "[1]"}, tensor<f32> {jax.result_info = "[2]"}) {
    // A comment with an unbalanced brace } and a quote " in it.
    %0 = "stablehlo.constant"() {value = dense<"0x0000803F0000004000004040"> : tensor<3xf32>} : () -> tensor<3xf32> loc(#loc1)
    %1 = "stablehlo.custom_call"(%arg2) {call_target_name = "weird{\"name\"}", backend_config = "}}{"} : (tensor<32x128xbf16>) -> tensor<f32> loc(#loc2)
    return %arg0, %arg1, %1 : tensor<128x256xf32>, tensor<256xf32>, tensor<f32> loc(#loc2)
  } loc(#loc1)
} loc(#loc)
#loc = loc(unknown)
