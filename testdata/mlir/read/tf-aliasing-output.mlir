// RUN: mhlo-alias --print-config %s | FileCheck %s
// RUN: mhlo-alias --print-config=short --return-tuple %s | FileCheck %s --check-prefix=TUPLE
// RUN: not mhlo-alias --print-config %s --entry=two 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: f32[4]
// CHECK-NEXT:   OutputIndex {} is may-aliased with parameter 1 at {}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-EMPTY:
// TUPLE: input_output_alias={ {0}: (1, {}, may-alias) }
func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<4xf32> {tf.aliasing_output = 0 : i32}) -> tensor<4xf32> {
  return %arg1 : tensor<4xf32>
}

// ERR: tf-aliasing-output.mlir:16:38: error: Aliasing output must be 0 if only one output exists
func.func @two(%arg0: tensor<4xf32> {tf.aliasing_output = 1 : i32}) -> tensor<4xf32> {
  return %arg0 : tensor<4xf32>
}
