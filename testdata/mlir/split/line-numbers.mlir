// Diagnostics of every chunk use the line numbers of the whole file,
// for errors of the reader, the attribute parser and the verifier, and for
// warnings; each chunk reports its own, in file order.

// RUN: not mhlo-alias --split-input-file --print-config=short %s 2>%t.err
// RUN: FileCheck %s < %t.err

// CHECK:      {{^}}{{.*}}line-numbers.mlir:[[@LINE+2]]:95: error: expected at least 1 element(s), found 0{{$}}
// CHECK: {{^}}{{.*}}line-numbers.mlir:[[@LINE+1]]:95: error: failed parsing argument-result alias attribute{{$}}
func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = []>}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

// CHECK: {{^}}{{.*}}line-numbers.mlir:[[@LINE+2]]:39: warning: jax.buffer_donor = false still registers argument 1 as a buffer donor{{.*}}
func.func @main(%arg0: tensor<2xf32>,
                %arg1: tensor<2xf32> {jax.buffer_donor = false}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

// CHECK: {{^}}{{.*}}line-numbers.mlir:[[@LINE+1]]:39: error: Expected aliased input 0 at index {} and output at index {} to have the same size. Input sub-shape is f32[2]{0} with size 8, output sub-shape is f32[3]{0} with size 12{{$}}
func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<3xf32> {
  %0 = "test.op"(%arg0) : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// A missing entry function is reported at the chunk's first line.
// CHECK: {{^}}{{.*}}line-numbers.mlir:[[@LINE-2]]:{{[0-9]+}}: error: entry function @main not found; functions found: @other{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^\^$}}
// CHECK-NOT:  {{.}}
func.func @other(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
