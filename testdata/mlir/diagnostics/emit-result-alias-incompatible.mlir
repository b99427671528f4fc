// MHLO's verifier rejects a mhlo.result_alias whose two sides do not have
// compatible types, may-alias or not, so --emit=result-alias never writes
// one: such an alias is an error at the attribute that stated it (at the
// argument for an alias a pass made), naming both sides and an encoding
// that can state it. tf.aliasing_output states a may-alias of a whole
// argument with a whole result; mhlo.input_output_alias any alias.

// RUN: mhlo-alias --split-input-file --verify-diagnostics --emit=result-alias %s
// RUN: not mhlo-alias --split-input-file --emit=result-alias %s 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR
// RUN: not mhlo-alias --split-input-file --emit=result-alias %s 2>/dev/null | FileCheck %s --check-prefix=OUT

// Three chunks fail and write nothing; the last one is written.
// ERR-COUNT-3: error:
// ERR-NOT:     error:
// OUT-NOT:     test.op"(%arg0) : (tensor<8x4xf32>)
// OUT:         func.func @main(%arg0: tensor<?xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}) -> tensor<4xf32> {
// OUT-NOT:     // -----

// expected-error @+1 {{argument 0 ('tensor<8x4xf32>') is aliased with output index {} ('tensor<32xf32>'); mhlo.result_alias states only aliases of compatible types: use --emit=module or --emit=tf}}
func.func @main(%arg0: tensor<8x4xf32> {tf.aliasing_output = 0 : i32}) -> tensor<32xf32> {
  %0 = "test.op"(%arg0) : (tensor<8x4xf32>) -> tensor<32xf32>
  return %0 : tensor<32xf32>
}

// -----

// Part of an argument: tf.aliasing_output cannot state it either.
module attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64: 1>, parameter_number = 0 : i64}, output_index = array<i64: 0>}]} {
  // expected-error @-1 {{argument 0 at {1} ('tensor<8x4xf32>') is aliased with output index {0} ('tensor<32xf32>'); mhlo.result_alias states only aliases of compatible types: use --emit=module}}
  func.func @main(%arg0: tuple<tensor<2xf32>, tensor<8x4xf32>>) -> (tensor<32xf32>, tensor<2xf32>) {
    %0:2 = "test.op"(%arg0) : (tuple<tensor<2xf32>, tensor<8x4xf32>>) -> (tensor<32xf32>, tensor<2xf32>)
    return %0#0, %0#1 : tensor<32xf32>, tensor<2xf32>
  }
}

// -----

// Another element type of the same byte size is not compatible either.
// expected-error @+1 {{argument 1 ('tensor<4xi32>') is aliased with output index {0} ('tensor<4xf32>'); mhlo.result_alias states only aliases of compatible types: use --emit=module or --emit=tf}}
func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<4xi32> {tf.aliasing_output = 0 : i32}) -> (tensor<4xf32>, tensor<2xf32>) {
  %0 = "stablehlo.bitcast_convert"(%arg1) : (tensor<4xi32>) -> tensor<4xf32>
  return %0, %arg0 : tensor<4xf32>, tensor<2xf32>
}

// -----

// Compatible types are written: a `?` matches any size.
func.func @main(%arg0: tensor<?xf32> {tf.aliasing_output = 0 : i32}) -> tensor<4xf32> {
  %0 = "test.op"(%arg0) : (tensor<?xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
