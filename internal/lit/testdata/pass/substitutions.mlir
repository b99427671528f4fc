// RUN: echo-args %s | FileCheck --check-prefix=SRC %s
// SRC: {{.*}}substitutions.mlir
// RUN: echo-args %S | FileCheck --check-prefix=DIR %s
// DIR: {{.*}}pass{{$}}
// RUN: echo-args %t | FileCheck --check-prefix=TMP %s
// TMP: substitutions.mlir.tmp
// RUN: echo-args 100%% | FileCheck --check-prefix=PCT %s
// PCT: {{^}}100%{{$}}
