// The generic form, as mlir-opt --mlir-print-op-generic prints it: the
// signature and the argument dictionaries live in the properties, the module
// attributes after the region.

// RUN: mhlo-alias --print-config %s | FileCheck %s

// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: (f32[8], s32[4])
// CHECK-NEXT:   OutputIndex {0} is may-aliased with parameter 2 at {}:
// CHECK-NEXT:   OutputIndex {1} is must-aliased with parameter 1 at {}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-NEXT:   Parameter 0 at {} is registered as a buffer donor.
// CHECK-EMPTY:

"builtin.module"() <{sym_name = "generic"}> ({
  "func.func"() <{arg_attrs = [{jax.buffer_donor = true}, {mhlo.result_alias = #mhlo.result_alias<result_index = [1], must_alias>}, {tf.aliasing_output = 0 : i32}], function_type = (tensor<8xf32>, tensor<4xi32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<4xi32>), res_attrs = [{jax.result_info = "[0]"}, {}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<8xf32>, %arg1: tensor<4xi32>, %arg2: tensor<8xf32>):
    "func.return"(%arg2, %arg1) : (tensor<8xf32>, tensor<4xi32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32} : () -> ()
