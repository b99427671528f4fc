// mhlo.result_alias inverts the reading map: tuple_indices is the path in
// the argument (printed only when non-empty), result_index the result
// number then the path in it; with --use-tuple-args parameter 0 at {i, ...}
// goes back to argument i; with --return-tuple output {0} is result 0.

// RUN: mhlo-alias --passes=flip-may-aliases --entry=tuples %s | FileCheck %s --match-full-lines
// RUN: mhlo-alias --emit=result-alias --entry=tupled --use-tuple-args %s | FileCheck %s --match-full-lines --check-prefix=TUPLED
// RUN: mhlo-alias --emit=result-alias --entry=single --return-tuple %s | FileCheck %s --match-full-lines --check-prefix=SINGLE

// CHECK: func.func @tuples(%arg0: tuple<tensor<16xf32>, tensor<8xi32>> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [1], result_index = [1, 0], must_alias>}, %arg1: tensor<16xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}) -> (tensor<16xf32>, tuple<tensor<8xi32>>) {

// TUPLED: func.func @tupled(%arg0: tensor<3xf32>, %arg1: tuple<tensor<5xi8>> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [0], result_index = [1]>}, %arg2: tensor<3xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}) -> (tensor<3xf32>, tensor<5xi8>) {

// SINGLE: func.func @single(%arg0: tensor<10xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}) -> tensor<10xf32> {

module {
  func.func @tuples(%arg0: tuple<tensor<16xf32>, tensor<8xi32>> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [1], result_index = [1, 0]>}, %arg1: tensor<16xf32> {tf.aliasing_output = 0 : i32}) -> (tensor<16xf32>, tuple<tensor<8xi32>>) {
    %0 = "test.op"(%arg0) : (tuple<tensor<16xf32>, tensor<8xi32>>) -> tuple<tensor<8xi32>>
    return %arg1, %0 : tensor<16xf32>, tuple<tensor<8xi32>>
  }
  func.func @tupled(%arg0: tensor<3xf32>, %arg1: tuple<tensor<5xi8>> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [0], result_index = [1]>}, %arg2: tensor<3xf32> {tf.aliasing_output = 0 : i32}) -> (tensor<3xf32>, tensor<5xi8>) {
    %0 = "test.op"(%arg1) : (tuple<tensor<5xi8>>) -> tensor<5xi8>
    return %arg2, %0 : tensor<3xf32>, tensor<5xi8>
  }
  func.func @single(%arg0: tensor<10xf32> {tf.aliasing_output = 0 : i32}) -> tensor<10xf32> {
    return %arg0 : tensor<10xf32>
  }
}
