// mhlo.result_alias is parsed as upstream does: fields in any order, a
// trailing comma before '>', `tuple_indices = []` accepted, and white space
// and line breaks anywhere inside the attribute.

// RUN: mhlo-alias --print-config=short %s | FileCheck %s

// CHECK: input_output_alias={ {0}: (0, {}, must-alias), {1}: (1, {}, may-alias), {2}: (2, {}, may-alias), {3}: (3, {1}, must-alias) }{{$}}

func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<must_alias, result_index = [0]>},
                %arg1: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [1],>},
                %arg2: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [], result_index = [2]>},
                %arg3: tuple<tensor<1xi8>, tensor<2xf32>> {mhlo.result_alias = #mhlo.result_alias<
                    result_index = [ 3 ] ,
                    tuple_indices = [1], must_alias >})
    -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  return %arg0, %arg1, %arg2, %arg0 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}
