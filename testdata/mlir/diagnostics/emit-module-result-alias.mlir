// --emit=module needs a module operation: on bare functions it is an error
// at the entry function. --emit=result-alias cannot give one argument two
// aliases: an error at the argument, suggesting --emit=module.

// RUN: mhlo-alias --verify-diagnostics --emit=module %S/Inputs/bare-functions.mlir
// RUN: mhlo-alias --verify-diagnostics --emit=result-alias %s

module attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64: 0>, parameter_number = 0 : i64}, output_index = array<i64: 0>}, {alias = {kind = "must_alias", parameter_index = array<i64: 1>, parameter_number = 0 : i64}, output_index = array<i64: 1>}]} {
  // expected-error @+1 {{argument 0 has 2 aliases (output indices {0}, {1}), which mhlo.result_alias cannot state; use --emit=module}}
  func.func @main(%arg0: tuple<tensor<2xf32>, tensor<3xf32>>) -> (tensor<2xf32>, tensor<3xf32>) {
    %0:2 = "test.split"(%arg0) : (tuple<tensor<2xf32>, tensor<3xf32>>) -> (tensor<2xf32>, tensor<3xf32>)
    return %0#0, %0#1 : tensor<2xf32>, tensor<3xf32>
  }
}
