// With --use-tuple-args parameter 0 at {i} is written back on argument i in
// every encoding: tf.aliasing_output and mhlo.result_alias on the argument,
// parameter_number 0 with parameter_index [i] in the module attribute, and
// donors stay on their argument.

// RUN: mhlo-alias --use-tuple-args --emit=result-alias %s | FileCheck %s --match-full-lines --check-prefix=RA
// RUN: mhlo-alias --use-tuple-args --emit=module %s | FileCheck %s --match-full-lines --check-prefix=MODULE
// RUN: mhlo-alias --use-tuple-args --emit=module %s | mhlo-alias --use-tuple-args --emit=tf | FileCheck %s --match-full-lines --check-prefix=TF

// RA: func.func @main(%arg0: tensor<2x3xf32> {jax.buffer_donor = true}, %arg1: tensor<2x3xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}) -> tensor<2x3xf32> {

// MODULE:      module attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64: 1>, parameter_number = 0 : i64}, output_index = array<i64>}]} {
// MODULE-NEXT:   func.func @main(%arg0: tensor<2x3xf32> {jax.buffer_donor = true}, %arg1: tensor<2x3xf32>) -> tensor<2x3xf32> {

// TF:      module {
// TF-NEXT:   func.func @main(%arg0: tensor<2x3xf32> {jax.buffer_donor = true}, %arg1: tensor<2x3xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2x3xf32> {

module {
  func.func @main(%arg0: tensor<2x3xf32> {jax.buffer_donor = true}, %arg1: tensor<2x3xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2x3xf32> {
    return %arg1 : tensor<2x3xf32>
  }
}
