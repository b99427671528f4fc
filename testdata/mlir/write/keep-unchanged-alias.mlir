// An alias that the chosen encoding already states keeps its exact text:
// a non-canonical mhlo.result_alias (fields reordered, trailing comma) under
// --emit=result-alias, and `tf.aliasing_output = 0 : i64` under --emit=tf,
// while the argument that changes is rewritten.

// RUN: mhlo-alias --emit=result-alias --entry=ra %s | FileCheck %s --match-full-lines --check-prefix=RA
// RUN: mhlo-alias --emit=tf --entry=tf %s | FileCheck %s --match-full-lines --check-prefix=TF

// RA: func.func @ra(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<must_alias, result_index = [1],>}, %arg1: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}) -> (tensor<2xf32>, tensor<2xf32>) {
// TF: func.func @tf(%arg0: tensor<2xf32> {tf.aliasing_output = 1 : i64}, %arg1: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> (tensor<2xf32>, tensor<2xf32>) {

func.func @ra(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<must_alias, result_index = [1],>}, %arg1: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> (tensor<2xf32>, tensor<2xf32>) {
  return %arg1, %arg0 : tensor<2xf32>, tensor<2xf32>
}

func.func @tf(%arg0: tensor<2xf32> {tf.aliasing_output = 1 : i64}, %arg1: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}) -> (tensor<2xf32>, tensor<2xf32>) {
  return %arg1, %arg0 : tensor<2xf32>, tensor<2xf32>
}
