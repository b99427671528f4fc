// Generic form without arg_attrs and without module attributes: a new alias
// adds the arg_attrs array (one dictionary per argument) at its sorted place
// in the properties, and --emit=module adds the module's attribute
// dictionary after the region.

// RUN: mhlo-alias --passes=add-must-aliases %s | FileCheck %s --match-full-lines
// RUN: mhlo-alias --passes=add-must-aliases --emit=module %s | FileCheck %s --match-full-lines --check-prefix=MODULE

// CHECK:      "builtin.module"() ({
// CHECK-NEXT:   "func.func"() <{arg_attrs = [{mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}, {}], function_type = (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>, sym_name = "main"}> ({
// CHECK-NEXT:   ^bb0(%arg0: tensor<4xi8>, %arg1: tensor<4xi8>):
// CHECK-NEXT:     "func.return"(%arg1) : (tensor<4xi8>) -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }) : () -> ()

// MODULE:      "builtin.module"() ({
// MODULE-NEXT:   "func.func"() <{function_type = (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>, sym_name = "main"}> ({
// MODULE-NEXT:   ^bb0(%arg0: tensor<4xi8>, %arg1: tensor<4xi8>):
// MODULE-NEXT:     "func.return"(%arg1) : (tensor<4xi8>) -> ()
// MODULE-NEXT:   }) : () -> ()
// MODULE-NEXT: }) {mhlo.input_output_alias = [{alias = {kind = "must_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64>}]} : () -> ()

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<4xi8>, %arg1: tensor<4xi8>):
    "func.return"(%arg1) : (tensor<4xi8>) -> ()
  }) : () -> ()
}) : () -> ()
