// RUN: echo external-cat | cat | FileCheck %s
// CHECK: external-cat
// RUN: cat %S/Inputs/data.txt | FileCheck %s --check-prefix=DATA
// DATA: input data
// RUN: cp %S/Inputs/data.txt %t.copy && diff %S/Inputs/data.txt %t.copy
