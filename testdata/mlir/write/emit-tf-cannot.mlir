// tf.aliasing_output states only may-aliases of whole arguments to whole
// results: --emit=tf on a must-alias, an alias of part of an argument or a
// nested output index is an error at the alias's attribute, exit status 1,
// with no module written.

// RUN: not mhlo-alias --emit=tf %s 2>&1 | FileCheck %s --check-prefix=MUST --implicit-check-not=return
// RUN: not mhlo-alias --emit=tf --entry=part %s 2>&1 | FileCheck %s --check-prefix=PART --implicit-check-not=return
// RUN: not mhlo-alias --emit=tf --entry=nested %s 2>&1 | FileCheck %s --check-prefix=NESTED --implicit-check-not=return

// MUST: {{^}}{{.*}}emit-tf-cannot.mlir:14:39: error: argument 0 is must-aliased with output index {}; tf.aliasing_output states only may-aliases: use --emit=result-alias or --emit=module{{$}}
// PART: {{^}}{{.*}}emit-tf-cannot.mlir:18:61: error: argument 0 is aliased at {1}, a part of the argument; tf.aliasing_output aliases whole arguments: use --emit=result-alias or --emit=module{{$}}
// NESTED: {{^}}{{.*}}emit-tf-cannot.mlir:23:41: error: argument 0 is aliased with the nested output index {1,0}; tf.aliasing_output names a whole result: use --emit=result-alias or --emit=module{{$}}

func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

func.func @part(%arg0: tuple<tensor<2xf32>, tensor<3xf32>> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [1], result_index = [0]>}) -> tensor<3xf32> {
  %0 = "test.get"(%arg0) : (tuple<tensor<2xf32>, tensor<3xf32>>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

func.func @nested(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [1, 0]>}) -> (tensor<i1>, tuple<tensor<2xf32>>) {
  %0:2 = "test.op"(%arg0) : (tensor<2xf32>) -> (tensor<i1>, tuple<tensor<2xf32>>)
  return %0#0, %0#1 : tensor<i1>, tuple<tensor<2xf32>>
}
