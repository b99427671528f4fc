func.func @main(%arg0: tensor<8xf32> {jax.buffer_donor = true},
                %arg1: tensor<1024xf32> {jax.buffer_donor = true, mhlo.memory_kind = "pinned_host"},
                %arg2: tensor<8xf32> {jax.buffer_donor = true, mhlo.memory_kind = "pinned_host"})
    -> (tensor<8xf32>, tensor<1024xf32> {mhlo.memory_kind = "pinned_host"}) {
  return %arg0, %arg1 : tensor<8xf32>, tensor<1024xf32>
}
