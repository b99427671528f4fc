// REQUIRES: has-feature, !missing-feature
// RUN: echo-args ok | FileCheck %s
// CHECK: ok
