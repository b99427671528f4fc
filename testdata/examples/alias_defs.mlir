// Attribute and type aliases at the top, resources at the bottom.
#alias_must = #mhlo.result_alias<result_index = [1], must_alias>
#map = affine_map<(d0, d1) -> (d1, d0)>
!state = tensor<64x64xbf16>
!token = !stablehlo.token
module @aliased attributes {test.map = #map} {
  func.func @main(%arg0: !token, %arg1: !state {mhlo.result_alias = #alias_must}, %arg2: tensor<2xui8>) -> (!token, !state, tensor<2xui8>) {
    %0 = "stablehlo.constant"() {value = dense_resource<blob1> : tensor<2xui8>} : () -> tensor<2xui8>
    return %arg0, %arg1, %0 : !token, !state, tensor<2xui8>
  }
}

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000102"
    }
  }
#-}
