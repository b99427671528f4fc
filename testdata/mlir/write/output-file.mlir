// -o FILE writes the output to FILE and nothing to stdout; on an error the
// file is not written (an old one is left as it was), and the exit status
// is 1.

// RUN: mhlo-alias --emit=module %s -o %t > %t.stdout
// RUN: FileCheck %s --match-full-lines < %t
// RUN: FileCheck %s --allow-empty --check-prefix=EMPTY < %t.stdout
// RUN: mhlo-alias --print-config=short -o %t.config %s
// RUN: FileCheck %s --check-prefix=CONFIG < %t.config
// RUN: echo "old contents" > %t.old
// RUN: not mhlo-alias --emit=module --entry=missing %s -o %t.old
// RUN: FileCheck %s --check-prefix=OLD < %t.old

// CHECK: module @out attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64>}]} {
// EMPTY-NOT: {{.}}
// CONFIG: input_output_alias={ {}: (0, {}, may-alias) }
// OLD: old contents

module @out {
  func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
    return %arg0 : tensor<2xf32>
  }
}
