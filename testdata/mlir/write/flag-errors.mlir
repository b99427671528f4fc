// A flag error is one line naming the flag as written, exit 2; a boolean
// flag followed by "false" as a separate word says to write --flag=false
// instead of opening a file named false.

// RUN: not mhlo-alias --x %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN --implicit-check-not={{.}}
// RUN: not mhlo-alias --verify-each false %s 2>&1 | FileCheck %s --check-prefix=BOOL --implicit-check-not={{.}}
// RUN: not mhlo-alias %s --entry 2>&1 | FileCheck %s --check-prefix=VALUE --implicit-check-not={{.}}
// RUN: mhlo-alias --help | FileCheck %s --check-prefix=HELP

// UNKNOWN: mhlo-alias: unknown flag --x (see --help)
// BOOL: mhlo-alias: a boolean flag takes its value after "=": write --verify-each=false (a file named false: write ./false)
// VALUE: mhlo-alias: flag --entry needs a value (see --help)
// HELP: Reads MLIR modules, HLO text modules and HLO protobufs

func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
