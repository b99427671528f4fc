// RUN: echo-args to-file > %t.out
// RUN: echo-args appended >> %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT: to-file
// OUT-NEXT: appended
// RUN: fail-tool 2> %t.err || true
// RUN: FileCheck %s --check-prefix=ERR --input-file=%t.err
// ERR: boom
// RUN: fail-tool 2>&1 | FileCheck %s --check-prefix=ERR || true
// RUN: not fail-tool &> %t.both
// RUN: FileCheck %s --check-prefix=ERR --input-file %t.both
