// RUN: echo-args hello world | FileCheck %s
// CHECK: hello
// CHECK-NEXT: world
