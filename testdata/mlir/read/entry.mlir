// --entry=NAME (with or without '@') picks the entry function; the other
// functions, including one called main, are not read, so their aliases do
// not count and their errors do not matter.

// RUN: mhlo-alias --entry=step --print-config=short %s | FileCheck %s
// RUN: mhlo-alias --entry=@step --print-config=short %s | FileCheck %s
// RUN: mhlo-alias --print-config=short %s | FileCheck %s --check-prefix=MAIN

// CHECK: input_output_alias={ {1}: (0, {}, may-alias) }{{$}}
// MAIN: input_output_alias={ {}: (1, {}, must-alias) }{{$}}

module @multi {
  func.func private @helper(%arg0: tensor<2xf32> {tf.aliasing_output = 7 : i32}) -> tensor<2xf32> {
    return %arg0 : tensor<2xf32>
  }
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}) -> tensor<2xf32> {
    %0 = func.call @helper(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
    return %arg1 : tensor<2xf32>
  }
  func.func public @step(%arg0: tensor<2xf32> {tf.aliasing_output = 1 : i32}) -> (tensor<i32>, tensor<2xf32>) {
    %0 = "test.op"() : () -> tensor<i32>
    return %0, %arg0 : tensor<i32>, tensor<2xf32>
  }
}
