// An empty mhlo.input_output_alias (the importer always writes one) does
// not override the per-argument aliases.

// RUN: mhlo-alias --print-config=short %s | FileCheck %s

// CHECK: input_output_alias={ {}: (0, {}, may-alias) }{{$}}

module attributes {mhlo.input_output_alias = []} {
  func.func @main(%arg0: tensor<4xf32> {tf.aliasing_output = 0 : i32}) -> tensor<4xf32> {
    return %arg0 : tensor<4xf32>
  }
}
