// RUN: echo-args one \
// RUN:   two three \
// RUN:   | FileCheck %s
// CHECK: one
// CHECK-NEXT: two
// CHECK-NEXT: three
