// mhlo.result_alias cannot give one argument two aliases: --emit=result-alias
// is an error at the argument suggesting --emit=module, exit status 1, and
// nothing is written; --emit=module writes the same config.

// RUN: not mhlo-alias --emit=result-alias %s 2>&1 | FileCheck %s --check-prefix=TWO --implicit-check-not=return
// RUN: mhlo-alias --emit=module %s | FileCheck %s --check-prefix=MODULE --match-full-lines

// TWO: {{^}}{{.*}}emit-cannot-express.mlir:12:19: error: argument 0 has 2 aliases (output indices {0}, {1}), which mhlo.result_alias cannot state; use --emit=module{{$}}
// MODULE: module attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64: 0>, parameter_number = 0 : i64}, output_index = array<i64: 0>}, {alias = {kind = "may_alias", parameter_index = array<i64: 1>, parameter_number = 0 : i64}, output_index = array<i64: 1>}]} {

module attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64: 0>, parameter_number = 0 : i64}, output_index = array<i64: 0>}, {alias = {kind = "may_alias", parameter_index = array<i64: 1>, parameter_number = 0 : i64}, output_index = array<i64: 1>}]} {
  func.func @main(%arg0: tuple<tensor<2xf32>, tensor<3xf32>>) -> (tensor<2xf32>, tensor<3xf32>) {
    %0:2 = "test.split"(%arg0) : (tuple<tensor<2xf32>, tensor<3xf32>>) -> (tensor<2xf32>, tensor<3xf32>)
    return %0#0, %0#1 : tensor<2xf32>, tensor<3xf32>
  }
}
