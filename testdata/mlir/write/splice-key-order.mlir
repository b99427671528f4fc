// Inside a rewritten dictionary the other keys keep their order and exact
// text, even when unsorted: a removed entry takes one separator with it
// (first, middle or last entry), a replaced value is spliced over the old
// one, and in a sorted dictionary a new key goes at its sorted place.

// RUN: mhlo-alias --passes=remove-aliases %s | FileCheck %s --match-full-lines
// RUN: mhlo-alias --passes=flip-may-aliases %s | FileCheck %s --match-full-lines --check-prefix=FLIP

// CHECK:      func.func @main(%arg0: tensor<2xf32> {z.last = "{ }", a.first = 1 : i32}, %arg1: tensor<2xf32> {z.last = 2 : i32,a.first = unit}, %arg2: tensor<2xf32> {z.last = 3 : i32}, %arg3: tensor<2xf32> {a.first = 4 : i32, z.last = unit}) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
// CHECK-NEXT:   return %arg0, %arg1, %arg2, %arg3 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>

// FLIP:      func.func @main(%arg0: tensor<2xf32> {z.last = "{ }",   mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>, a.first = 1 : i32}, %arg1: tensor<2xf32> {{.*}}, %arg2: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [2], must_alias>, z.last = 3 : i32}, %arg3: tensor<2xf32> {a.first = 4 : i32, mhlo.result_alias = #mhlo.result_alias<result_index = [3], must_alias>, z.last = unit}) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
// FLIP-NEXT:   return %arg0, %arg1, %arg2, %arg3 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>

func.func @main(%arg0: tensor<2xf32> {z.last = "{ }",   mhlo.result_alias = #mhlo.result_alias<result_index = [0]>, a.first = 1 : i32}, %arg1: tensor<2xf32> {z.last = 2 : i32,a.first = unit, tf.aliasing_output = 1 : i32}, %arg2: tensor<2xf32> {tf.aliasing_output = 2 : i32, z.last = 3 : i32}, %arg3: tensor<2xf32> {a.first = 4 : i32, tf.aliasing_output = 3 : i32, z.last = unit}) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  return %arg0, %arg1, %arg2, %arg3 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}
