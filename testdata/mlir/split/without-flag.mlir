// Without --split-input-file a separator line is an ordinary comment: the
// file is one module, and a second @main is a redefinition error.

// RUN: not mhlo-alias %s 2>&1 | FileCheck %s
// RUN: mhlo-alias --split-input-file %s > %t
// RUN: diff %s %t

// CHECK: {{^}}{{.*}}without-flag.mlir:16:11: error: redefinition of symbol named 'main'{{$}}

func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

func.func @main(%arg0: tensor<2xf32> {jax.buffer_donor = true}) -> tensor<2xf32> {
  %0 = "test.op"() : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
