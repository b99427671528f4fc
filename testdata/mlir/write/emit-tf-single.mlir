// --emit=tf with a single result writes N = 0; with --return-tuple the
// same alias is output {0}, also written as 0 (result 0).

// RUN: mhlo-alias --emit=tf %s | FileCheck %s --match-full-lines
// RUN: mhlo-alias --emit=tf --return-tuple %s | FileCheck %s --match-full-lines

// CHECK: func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {

func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}) -> tensor<2xf32> {
  return %arg1 : tensor<2xf32>
}
