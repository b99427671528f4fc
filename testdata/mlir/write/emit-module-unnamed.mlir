// --emit=module on an unnamed module: ` attributes {...}` goes after
// `module`; on a module with other attributes the new key goes at its
// sorted place; with no aliases at all the attribute is `[]`.

// RUN: mhlo-alias --emit=module %s | FileCheck %s --match-full-lines
// RUN: mhlo-alias --emit=module --entry=none %s | FileCheck %s --match-full-lines --check-prefix=EMPTY
// RUN: sed -e 's/^module {/module attributes {a.first = 1 : i32, z.last = unit} {/' %s | mhlo-alias --emit=module | FileCheck %s --match-full-lines --check-prefix=OTHERS

// CHECK:      module attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64>}]} {
// CHECK-NEXT:   func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {

// EMPTY:      module attributes {mhlo.input_output_alias = []} {
// EMPTY-NEXT:   func.func @main(%arg0: tensor<4xf32> {tf.aliasing_output = 0 : i32}) -> tensor<4xf32> {

// OTHERS:      module attributes {a.first = 1 : i32, mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64>}], z.last = unit} {
// OTHERS-NEXT:   func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {

module {
  func.func @main(%arg0: tensor<4xf32> {tf.aliasing_output = 0 : i32}) -> tensor<4xf32> {
    return %arg0 : tensor<4xf32>
  }
  func.func @none(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    return %arg0 : tensor<4xf32>
  }
}
