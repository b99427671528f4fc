// RUN: echo-args ok | FileCheck %s
// RUN: echo-args actual | FileCheck %s --check-prefix=BAD
// CHECK: ok
// BAD: expected
