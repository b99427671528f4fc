// RUN: echo-args piped | cat-tool | cat-tool | FileCheck %s
// CHECK: piped
