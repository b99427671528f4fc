// Generic form, as mlir-opt --mlir-print-op-generic prints it: the
// signature lives in the properties, the module attributes after the region.
"builtin.module"() <{sym_name = "generic"}> ({
  "func.func"() <{arg_attrs = [{jax.buffer_donor = true}, {mhlo.result_alias = #mhlo.result_alias<result_index = [1], must_alias>}, {}], function_type = (tensor<8xf32>, tensor<4xi32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<4xi32>), res_attrs = [{jax.result_info = "[0]"}, {}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<8xf32>, %arg1: tensor<4xi32>, %arg2: tensor<8xf32>):
    "func.return"(%arg2, %arg1) : (tensor<8xf32>, tensor<4xi32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32} : () -> ()
