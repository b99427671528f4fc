// Comments (holding braces, quotes and a decoy signature), loc(...)
// trailers on arguments, the function and ops, location aliases,
// strings with braces and escaped quotes, dense hex blobs and the
// dialect_resources section are all skipped correctly.

// RUN: mhlo-alias --print-config %s | FileCheck %s

// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: (f32[2], s32[3])
// CHECK-NEXT:   OutputIndex {0} is may-aliased with parameter 1 at {}:
// CHECK-NEXT:   OutputIndex {1} is must-aliased with parameter 0 at {}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-EMPTY:

#loc1 = loc("model.py":10:3)
#loc2 = loc("step"(#loc1))
// func.func @main(%arg0: tensor<9xf32> {tf.aliasing_output = 5 : i32}) -> tensor<9xf32> { "}
module @commented attributes {test.note = "a { brace and a \"quote\" } inside"} {
  // }}} unbalanced in a comment {{{
  func.func @main(%arg0: tensor<3xi32> {mhlo.result_alias = #mhlo.result_alias<result_index = [1], must_alias>, test.doc = "} {"} loc("a0"), // a comment inside the signature ) {
                  %arg1: tensor<2xf32> {tf.aliasing_output = 0 : i32} loc(#loc1)) -> (tensor<2xf32> {jax.result_info = "[\"out\"]"}, tensor<3xi32>) {
    %0 = "stablehlo.constant"() {value = dense<"0x0000803F00000040"> : tensor<2xf32>} : () -> tensor<2xf32> loc(#loc2)
    %1 = "stablehlo.constant"() {value = dense_resource<blob1> : tensor<3xi32>} : () -> tensor<3xi32>
    return %arg1, %arg0 : tensor<2xf32>, tensor<3xi32> loc(#loc2)
  } loc(#loc2)
} loc(#loc1)

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x04000000010000000200000003000000"
    }
  }
#-}
