// RUN: fail-tool || echo-args recovered | FileCheck %s --check-prefix=OR
// OR: recovered
// RUN: echo-args first && echo-args second | FileCheck %s --check-prefix=AND
// AND: second
// RUN: fail-tool ; echo-args after-semicolon | FileCheck %s --check-prefix=SEQ
// SEQ: after-semicolon
