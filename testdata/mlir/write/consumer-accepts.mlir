// Every encoding is written only as its consumer accepts it, and the
// written module reads back through the tool, which applies the
// consumer's rules (MHLO's verifier of mhlo.result_alias, XLA's size and
// must-alias rules), without an error and to the same table.
//
// XLA's donation pass pairs by byte size: donor 0 tensor<8x4xf32> with
// output {0} tensor<32xf32> (128 bytes), donor 1 tensor<2x3xf32> with
// output {1} tensor<2x3xf32> (24 bytes).

// mhlo.input_output_alias (XLA's importer) and tf.aliasing_output (XLA's
// builder) state both pairs; XLA checks their byte sizes.
// RUN: mhlo-alias --passes=xla-buffer-donation --emit=module %s -o %t.module.mlir
// RUN: mhlo-alias %t.module.mlir | diff %t.module.mlir -
// RUN: mhlo-alias --print-config=short %t.module.mlir | FileCheck %s --check-prefix=PAIRS
// RUN: FileCheck %s --check-prefix=MODULE < %t.module.mlir
// RUN: mhlo-alias --passes=xla-buffer-donation --emit=tf %s -o %t.tf.mlir
// RUN: mhlo-alias %t.tf.mlir | diff %t.tf.mlir -
// RUN: mhlo-alias --print-config=short %t.tf.mlir | FileCheck %s --check-prefix=PAIRS
// RUN: FileCheck %s --check-prefix=TF < %t.tf.mlir

// PAIRS: {{^}}input_output_alias={ {0}: (0, {}, may-alias), {1}: (1, {}, may-alias) }{{$}}
// MODULE: module attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64: 0>}, {alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 1 : i64}, output_index = array<i64: 1>}]} {
// MODULE-NEXT: func.func @main(%arg0: tensor<8x4xf32>, %arg1: tensor<2x3xf32>) -> (tensor<32xf32>, tensor<2x3xf32>) {
// TF: func.func @main(%arg0: tensor<8x4xf32> {tf.aliasing_output = 0 : i32}, %arg1: tensor<2x3xf32> {tf.aliasing_output = 1 : i32}) -> (tensor<32xf32>, tensor<2x3xf32>) {

// mhlo.result_alias (MHLO's verifier) cannot state the first pair: an
// error naming both sides and the encodings that can, and nothing is
// written. The compatible pairs of @compatible are written and read back.
// RUN: rm -f %t.ra.mlir
// RUN: not mhlo-alias --passes=xla-buffer-donation --emit=result-alias %s -o %t.ra.mlir 2>&1 | FileCheck %s --check-prefix=RA-ERROR
// RUN: not test -e %t.ra.mlir
// RUN: mhlo-alias --entry=compatible --passes=xla-buffer-donation --emit=result-alias %s -o %t.ra.mlir
// RUN: mhlo-alias --entry=compatible %t.ra.mlir | diff %t.ra.mlir -
// RUN: mhlo-alias --entry=compatible --print-config=short %t.ra.mlir | FileCheck %s --check-prefix=PAIRS
// RUN: FileCheck %s --check-prefix=RA < %t.ra.mlir

// RA-ERROR: {{^}}{{.*}}consumer-accepts.mlir:[[@LINE+5]]:19: error: argument 0 ('tensor<8x4xf32>') is aliased with output index {0} ('tensor<32xf32>'); mhlo.result_alias states only aliases of compatible types: use --emit=module or --emit=tf{{$}}
// RA-ERROR-NOT: error:
// RA: func.func @compatible(%arg0: tensor<8x4xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}, %arg1: tensor<2x3xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [1]>}) -> (tensor<8x4xf32>, tensor<2x3xf32>) {

module {
  func.func @main(%arg0: tensor<8x4xf32> {jax.buffer_donor = true}, %arg1: tensor<2x3xf32> {jax.buffer_donor = true}) -> (tensor<32xf32>, tensor<2x3xf32>) {
    %0 = "test.op"(%arg0) : (tensor<8x4xf32>) -> tensor<32xf32>
    return %0, %arg1 : tensor<32xf32>, tensor<2x3xf32>
  }
  func.func @compatible(%arg0: tensor<8x4xf32> {jax.buffer_donor = true}, %arg1: tensor<2x3xf32> {jax.buffer_donor = true}) -> (tensor<8x4xf32>, tensor<2x3xf32>) {
    return %arg0, %arg1 : tensor<8x4xf32>, tensor<2x3xf32>
  }
}
