// A failing chunk contributes no output and no separator; the other chunks
// are printed in order, the exit status is 1, and the diagnostic carries the
// line number in the whole file.

// RUN: not mhlo-alias --split-input-file --emit=tf %s > %t.out 2> %t.err
// RUN: FileCheck %s --match-full-lines < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err

// CHECK:      module @ok1 {
// CHECK-NEXT:   func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
// CHECK-NEXT:     return %arg0 : tensor<2xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}//{{ }}-----{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: module @ok3 {
// CHECK-NEXT:   func.func @main(%arg0: tensor<4xi8> {tf.aliasing_output = 0 : i32}) -> tensor<4xi8> {
// CHECK-NOT:  //{{ }}-----

// ERR: {{^}}{{.*}}failing-chunk.mlir:33:41: error: argument 0 is must-aliased with output index {}; tf.aliasing_output states only may-aliases: use --emit=result-alias or --emit=module{{$}}
// ERR-NOT: error

module @ok1 {
  func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}) -> tensor<2xf32> {
    return %arg0 : tensor<2xf32>
  }
}

// -----

module @bad2 {
  func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}) -> tensor<2xf32> {
    return %arg0 : tensor<2xf32>
  }
}

// -----

module @ok3 {
  func.func @main(%arg0: tensor<4xi8> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}) -> tensor<4xi8> {
    return %arg0 : tensor<4xi8>
  }
}
