// With --split-input-file, --print-config prints one config per chunk,
// joined with separator lines; a failing chunk prints nothing and no
// separator, and the exit status is 1.

// RUN: not mhlo-alias --split-input-file --print-config=short %s 2>%t.err | FileCheck %s --match-full-lines
// RUN: FileCheck %s --check-prefix=ERR < %t.err

// CHECK:      input_output_alias={ {}: (0, {}, may-alias) }
// CHECK-NEXT: {{^}}//{{ }}-----{{$}}
// CHECK-NEXT: buffer_donor={ (0, {}) }
// CHECK-NEXT: {{^}}//{{ }}-----{{$}}
// CHECK-NEXT: input_output_alias={ {1}: (1, {}, must-alias) }
// CHECK-EMPTY:

// ERR: {{^}}{{.*}}print-config.mlir:30:39: error: Aliasing output must be 0 if only one output exists{{$}}

func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

func.func @main(%arg0: tensor<2xf32> {jax.buffer_donor = true}) -> tensor<2xf32> {
  %0 = "test.op"() : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 1 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [1], must_alias>}) -> (tensor<2xf32>, tensor<2xf32>) {
  return %arg0, %arg1 : tensor<2xf32>, tensor<2xf32>
}
