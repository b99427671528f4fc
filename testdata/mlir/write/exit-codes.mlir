// Exit codes for scripts and CI: "-o -" is standard output; -d exits 1
// when it printed a difference and 0 when nothing differs; -l lists the
// inputs whose output differs (with -w, the files it changed) and exits 1
// when it listed one.

// RUN: mhlo-alias -o - %s | diff %s -
// RUN: mhlo-alias -o - --passes=flip-may-aliases %s | FileCheck %s --check-prefix=MUST
// RUN: mhlo-alias -d %s | FileCheck %s --allow-empty --check-prefix=NONE
// RUN: not mhlo-alias -d --passes=flip-may-aliases %s | FileCheck %s --check-prefix=DIFF
// RUN: mhlo-alias -l %s | FileCheck %s --allow-empty --check-prefix=NONE
// RUN: mhlo-alias -l --passes=add-may-aliases --emit=tf %s | FileCheck %s --allow-empty --check-prefix=NONE
// RUN: not mhlo-alias -l --passes=flip-may-aliases %s - < %s | FileCheck %s --check-prefix=LIST
// RUN: cp %s %t.mlir
// RUN: not mhlo-alias -w -l --passes=flip-may-aliases %t.mlir | FileCheck %s --check-prefix=CHANGED
// RUN: mhlo-alias -w -l --passes=flip-may-aliases %t.mlir | FileCheck %s --allow-empty --check-prefix=NONE
// RUN: FileCheck %s --check-prefix=MUST < %t.mlir
// RUN: not mhlo-alias -l -d %s 2>&1 | FileCheck %s --check-prefix=USAGE

// MUST: mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>
// NONE-NOT: {{.}}
// DIFF: +++ b/{{.*}}exit-codes.mlir
// DIFF: +{{.*}}must_alias
// LIST: exit-codes.mlir
// LIST-NEXT: <stdin>
// CHANGED: exit-codes.mlir.tmp.mlir
// USAGE: mhlo-alias: -l cannot be combined with -o, --diff or --print-config

func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
