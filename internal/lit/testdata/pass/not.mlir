// RUN: not fail-tool
// RUN: not not echo-args ok
// RUN: not fail-tool 2>&1 | FileCheck %s
// CHECK: boom
