// -d / --diff prints a unified diff (3 lines of context, a/ and b/ names,
// `<stdin>` for standard input) of the rewrite instead of the module, and
// exits 0; with no change it prints nothing and also exits 0.

// RUN: not mhlo-alias -d --emit=module < %s | FileCheck %s --strict-whitespace
// RUN: not mhlo-alias --diff --emit=module %s | FileCheck %s --strict-whitespace --check-prefix=FILE
// RUN: mhlo-alias -d %s | FileCheck %s --allow-empty --check-prefix=NONE
// RUN: mhlo-alias -d --emit=tf %s | FileCheck %s --allow-empty --check-prefix=NONE

// CHECK:      {{^}}--- a/<stdin>{{$}}
// CHECK-NEXT: {{^}}+++ b/<stdin>{{$}}
// CHECK-NEXT: {{^}}@@ -31,8 +31,8 @@{{$}}
// CHECK-NEXT: {{^}} // The module.{{$}}
// CHECK-NEXT: {{^}} // It is at the end.{{$}}
// CHECK-NEXT: {{^}} {{$}}
// CHECK-NEXT: {{^}}-module @m {{[{]$}}
// CHECK-NEXT: {{^}}-  func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {{[{]$}}
// CHECK-NEXT: {{^}}+module @m attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64>}]} {{[{]$}}
// CHECK-NEXT: {{^}}+  func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {{[{]$}}
// CHECK-NEXT: {{^}}     return %arg0 : tensor<2xf32>{{$}}
// CHECK-NEXT: {{^}}   }{{$}}
// CHECK-NEXT: {{^}} }{{$}}
// CHECK-EMPTY:

// FILE:      {{^}}--- a/{{.*}}diff.mlir{{$}}
// FILE-NEXT: {{^}}+++ b/{{.*}}diff.mlir{{$}}
// FILE-NEXT: {{^}}@@ -31,8 +31,8 @@{{$}}

// NONE-NOT: {{.}}

// The module.
// It is at the end.

module @m {
  func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
    return %arg0 : tensor<2xf32>
  }
}
