// A failed write names the file asked for, never the temporary file
// beside it; --help, --version and --list-passes report a failed write.

// RUN: not mhlo-alias -o %t.nodir/out.mlir %s 2>&1 | FileCheck %s --check-prefix=NODIR --match-full-lines
// RUN: not mhlo-alias --help > /dev/full 2> %t.err
// RUN: FileCheck %s --check-prefix=FULL < %t.err
// RUN: not mhlo-alias --version > /dev/full 2> %t.err
// RUN: FileCheck %s --check-prefix=FULL < %t.err
// RUN: not mhlo-alias --list-passes > /dev/full 2> %t.err
// RUN: FileCheck %s --check-prefix=FULL < %t.err

// NODIR: mhlo-alias: writing {{.*}}write-errors.mlir.tmp.nodir/out.mlir: no such file or directory
// FULL: mhlo-alias: writing standard output: {{.*}}no space left on device

func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
