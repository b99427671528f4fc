// -d with --split-input-file prints one diff for the whole file, with the
// file's line numbers; unchanged chunks contribute nothing.

// RUN: not mhlo-alias -d --split-input-file --emit=tf %s | FileCheck %s

// CHECK:      {{^}}@@ -22,6 +22,6 @@{{$}}
// CHECK-NEXT: {{^}} // The second chunk.{{$}}
// CHECK-NEXT: {{^}} // Its alias changes encoding.{{$}}
// CHECK-NEXT: {{^}} {{$}}
// CHECK-NEXT: {{^}}-func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}) -> tensor<2xf32> {{[{]$}}
// CHECK-NEXT: {{^}}+func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {{[{]$}}
// CHECK-NEXT: {{^}}   return %arg0 : tensor<2xf32>{{$}}
// CHECK-NEXT: {{^}} }{{$}}
// CHECK-NOT:  {{^}}@@

func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

// The second chunk.
// Its alias changes encoding.

func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
