// In the generic form an emptied argument dictionary stays `{}` (arg_attrs
// needs one entry per argument), a new entry goes into its argument's
// dictionary, and the module's trailing attribute dictionary is removed with
// its space when emptied, or rewritten in place.

// RUN: mhlo-alias --emit=result-alias %s | FileCheck %s --match-full-lines
// RUN: mhlo-alias --passes=remove-aliases,buffer-donation-to-alias --emit=module %s | FileCheck %s --match-full-lines --check-prefix=MODULE

// CHECK:      "func.func"() <{arg_attrs = [{jax.buffer_donor = true}, {mhlo.result_alias = #mhlo.result_alias<result_index = [1]>}, {}], function_type = (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>), sym_name = "main"}> ({
// CHECK-NEXT:   ^bb0(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>):
// CHECK-NEXT:     "func.return"(%arg2, %arg1) : (tensor<8xf32>, tensor<8xf32>) -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }) : () -> ()

// MODULE:      "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>), sym_name = "main"}> ({
// MODULE-NEXT:   ^bb0(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>):
// MODULE-NEXT:     "func.return"(%arg2, %arg1) : (tensor<8xf32>, tensor<8xf32>) -> ()
// MODULE-NEXT:   }) : () -> ()
// MODULE-NEXT: }) {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64: 0>}]} : () -> ()

"builtin.module"() ({
  "func.func"() <{arg_attrs = [{jax.buffer_donor = true}, {tf.aliasing_output = 1 : i32}, {}], function_type = (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>), sym_name = "main"}> ({
  ^bb0(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>):
    "func.return"(%arg2, %arg1) : (tensor<8xf32>, tensor<8xf32>) -> ()
  }) : () -> ()
}) {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 1 : i64}, output_index = array<i64: 1>}]} : () -> ()
