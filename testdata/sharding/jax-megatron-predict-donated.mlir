// The megatron-style predict(x, w1, w2) of openxla/shardy's JAX guide as
// JAX lowers it with GSPMD shardings (iota tile assignments, one with a
// transpose, both with last_tile_dim_replicate), with x and w1 donated:
// the result's sharding is unspecified, so JAX leaves both as
// jax.buffer_donor. Written for this repository; see MANIFEST.md and
// EXPECTED.md.
module @jit_predict attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16x128xf32> {jax.buffer_donor = true, mhlo.sharding = "{devices=[4,1,2]<=[8] last_tile_dim_replicate}"}, %arg1: tensor<128x256xf32> {jax.buffer_donor = true, mhlo.sharding = "{devices=[1,2,4]<=[4,2]T(1,0) last_tile_dim_replicate}"}, %arg2: tensor<256x10xf32>) -> (tensor<16x10xf32> {jax.result_info = ""}) {
    %0 = "stablehlo.tanh"(%arg0) : (tensor<16x128xf32>) -> tensor<16x128xf32>
    %1 = "stablehlo.dot_general"(%0, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<16x128xf32>, tensor<128x256xf32>) -> tensor<16x256xf32>
    %2 = "stablehlo.dot_general"(%1, %arg2) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<16x256xf32>, tensor<256x10xf32>) -> tensor<16x10xf32>
    %3 = "stablehlo.sine"(%2) : (tensor<16x10xf32>) -> tensor<16x10xf32>
    return %3 : tensor<16x10xf32>
  }
}
