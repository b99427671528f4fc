// Writing is idempotent: the tool's output, piped into the tool again with
// the same --emit, comes back unchanged, for every encoding.

// RUN: mhlo-alias --emit=result-alias %s > %t.ra
// RUN: mhlo-alias --emit=result-alias < %t.ra | diff %t.ra -
// RUN: mhlo-alias --emit=module %s > %t.mod
// RUN: mhlo-alias --emit=module < %t.mod | diff %t.mod -
// RUN: mhlo-alias --emit=tf %s > %t.tf
// RUN: mhlo-alias --emit=tf < %t.tf | diff %t.tf -
// RUN: mhlo-alias --emit=tf %s | mhlo-alias --emit=module | mhlo-alias --emit=result-alias | mhlo-alias --emit=tf | diff %t.tf -

// The result-alias output is a real rewrite, so the check is not vacuous.
// RUN: FileCheck %s --match-full-lines < %t.ra
// CHECK: func.func @main(%arg0: tensor<2xf32> {jax.buffer_donor = true}, %arg1: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [1]>}, %arg2: tensor<3xi8> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}) -> (tensor<3xi8>, tensor<2xf32>) {

module @m attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 2 : i64}, output_index = array<i64: 0>}, {alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 1 : i64}, output_index = array<i64: 1>}]} {
  func.func @main(%arg0: tensor<2xf32> {jax.buffer_donor = true}, %arg1: tensor<2xf32>, %arg2: tensor<3xi8>) -> (tensor<3xi8>, tensor<2xf32>) {
    return %arg2, %arg1 : tensor<3xi8>, tensor<2xf32>
  }
}
