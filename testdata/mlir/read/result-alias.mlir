// mhlo.result_alias: may-alias by default, must_alias as a bare keyword; the
// output index is {R} for a tuple result and {} (R = 0) for a single result.

// RUN: mhlo-alias --print-config %s | FileCheck %s
// RUN: mhlo-alias --entry=single --print-config %s | FileCheck %s --check-prefix=SINGLE

// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: (f32[4], s32[2])
// CHECK-NEXT:   OutputIndex {0} is must-aliased with parameter 2 at {}:
// CHECK-NEXT:   OutputIndex {1} is may-aliased with parameter 0 at {}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-EMPTY:

// SINGLE:      HloInputOutputAliasConfig
// SINGLE-NEXT:   Output shape: f32[4]
// SINGLE-NEXT:   OutputIndex {} is may-aliased with parameter 0 at {}:
// SINGLE-NEXT: HloBufferDonorConfig
// SINGLE-EMPTY:

func.func @main(%arg0: tensor<2xi32> {mhlo.result_alias = #mhlo.result_alias<result_index = [1]>}, %arg1: tensor<4xf32>, %arg2: tensor<4xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}) -> (tensor<4xf32>, tensor<2xi32>) {
  return %arg2, %arg0 : tensor<4xf32>, tensor<2xi32>
}

func.func @single(%arg0: tensor<4xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}) -> tensor<4xf32> {
  return %arg0 : tensor<4xf32>
}
