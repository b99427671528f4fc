// Every element type XLA has, plus leaves it does not model (opaque).
module @types {
  func.func @main(%p: tensor<2xi1>, %s4: tensor<8xi4>, %u8: tensor<8xui8>, %s64: tensor<i64>, %bf: tensor<3xbf16>, %h: tensor<3xf16>, %d: tensor<3xf64>, %f8a: tensor<4xf8E4M3FN>, %f8b: tensor<4xf8E5M2>, %f8c: tensor<4xf8E4M3FNUZ>, %f8d: tensor<4xf8E4M3B11FNUZ>, %c: tensor<2xcomplex<f32>>, %z: tensor<2xcomplex<f64>>, %tok: !mhlo.token, %unranked: tensor<*xf32>, %idx: tensor<2xindex>, %q: !quant.uniform<i8:f32, 0.5>, %u2: tensor<2xui2> {jax.buffer_donor = true}) -> (tensor<2xi1>, tensor<4xf8E4M3FN>) {
    return %p, %f8a : tensor<2xi1>, tensor<4xf8E4M3FN>
  }
}
