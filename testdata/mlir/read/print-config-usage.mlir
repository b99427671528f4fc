// A --print-config form given as the next argument instead of after "=",
// or misspelt, is a usage error (exit 2) that says so, not an "invalid
// boolean value" or a missing file named "json".

// RUN: not mhlo-alias --print-config json %s 2>&1 | FileCheck %s --check-prefix=SPACE
// RUN: not mhlo-alias --print-config=jsn %s 2>&1 | FileCheck %s --check-prefix=TYPO
// RUN: not mhlo-alias --print-config=xml %s 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: mhlo-alias --print-config %s | FileCheck %s --check-prefix=BARE

// SPACE: mhlo-alias: --print-config takes its form after "=": write --print-config=json (a file named json: write ./json)
// TYPO:  mhlo-alias: invalid --print-config=jsn: valid forms are long, short, json, summary, table, compare (did you mean --print-config=json?)
// OTHER: mhlo-alias: invalid --print-config=xml: valid forms are long, short, json, summary, table, compare{{$}}
// BARE:  HloInputOutputAliasConfig

func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
