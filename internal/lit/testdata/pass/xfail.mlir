// XFAIL: *
// RUN: echo-args actual | FileCheck %s
// CHECK: expected-but-missing
