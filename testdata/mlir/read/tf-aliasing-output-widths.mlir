// tf.aliasing_output is always a may-alias of the whole argument, with any
// integer width (i32, i64, a bare integer) and hex literals; N is the
// result number of a tuple result.

// RUN: mhlo-alias --print-config=short %s | FileCheck %s

// CHECK: input_output_alias={ {0}: (3, {}, may-alias), {1}: (0, {}, may-alias), {2}: (1, {}, may-alias) }{{$}}

func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 1 : i64}, %arg1: tensor<3xi32> {tf.aliasing_output = 0x2 : i32}, %arg2: tensor<2xf32>, %arg3: tensor<8xi8> {tf.aliasing_output = 0 : i16}) -> (tensor<8xi8>, tensor<2xf32>, tensor<3xi32>) {
  return %arg3, %arg0, %arg1 : tensor<8xi8>, tensor<2xf32>, tensor<3xi32>
}
