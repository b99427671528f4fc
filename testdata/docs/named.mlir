module @jit_train_step {
  func.func public @main(%arg0: tensor<128x256xf32> {jax.buffer_donor = true} loc("params['layer7']['w']"),
                         %arg1: tensor<256xf32> {jax.buffer_donor = true} loc(#loc1),
                         %arg2: tensor<32x128xbf16> loc("batch"))
      -> (tensor<128x256xf32> {jax.result_info = "[0]['layer7']['w']"}, tensor<f32> {jax.result_info = "[1]"}) {
    %0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    return %arg0, %0 : tensor<128x256xf32>, tensor<f32>
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc1 = loc("opt_state['mu']")
