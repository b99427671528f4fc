// With --remark-format=yaml the remarks file is written even when no
// remark is shown, and not at all when an input fails;
// --remarks-output-file without the YAML format is a usage error.

// RUN: rm -f %t.none.yaml %t.fail.yaml
// RUN: mhlo-alias --remark-format=yaml --remarks-output-file=%t.none.yaml %s > /dev/null
// RUN: FileCheck %s --allow-empty --check-prefix=EMPTY < %t.none.yaml
// RUN: not mhlo-alias --remark-format=yaml --remarks-output-file=%t.fail.yaml --remarks-filter='.*' --passes=buffer-donation-to-alias %s %S/../diagnostics/Inputs/nul-byte.txt > /dev/null 2>&1
// RUN: not cat %t.fail.yaml
// RUN: not mhlo-alias --remarks-output-file=%t.usage.yaml %s 2>&1 | FileCheck %s --check-prefix=USAGE
// RUN: not cat %t.usage.yaml

// EMPTY-NOT: {{.}}
// USAGE: mhlo-alias: --remarks-output-file needs --remark-format=yaml

func.func @main(%arg0: tensor<2xf32> {jax.buffer_donor = true}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
