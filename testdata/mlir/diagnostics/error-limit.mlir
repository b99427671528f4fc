// At most --error-limit errors (default 20) of a module are printed, then
// one line counting the others; --error-limit=0 prints every error.

// RUN: not mhlo-alias %s 2>&1 | FileCheck %s --check-prefix=CAP
// RUN: not mhlo-alias --error-limit=2 %s 2>&1 | FileCheck %s --check-prefix=TWO --implicit-check-not=error:
// RUN: not mhlo-alias --error-limit=0 %s 2>&1 | FileCheck %s --check-prefix=ALL --implicit-check-not="not shown"
// RUN: not mhlo-alias --error-limit=-1 %s 2>&1 | FileCheck %s --check-prefix=NEG

// CAP-COUNT-20: error: Aliasing output must be 0 if only one output exists
// CAP: 3 more errors not shown
// TWO-COUNT-2: error: Aliasing output must be 0
// TWO: 21 more errors not shown
// ALL-COUNT-23: error: Aliasing output must be 0
// NEG: mhlo-alias: --error-limit=-1: the limit is a count of errors, 0 for none

func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 5 : i32}, %arg1: tensor<2xf32> {tf.aliasing_output = 5 : i32}, %arg2: tensor<2xf32> {tf.aliasing_output = 5 : i32}, %arg3: tensor<2xf32> {tf.aliasing_output = 5 : i32}, %arg4: tensor<2xf32> {tf.aliasing_output = 5 : i32}, %arg5: tensor<2xf32> {tf.aliasing_output = 5 : i32}, %arg6: tensor<2xf32> {tf.aliasing_output = 5 : i32}, %arg7: tensor<2xf32> {tf.aliasing_output = 5 : i32}, %arg8: tensor<2xf32> {tf.aliasing_output = 5 : i32}, %arg9: tensor<2xf32> {tf.aliasing_output = 5 : i32}, %arg10: tensor<2xf32> {tf.aliasing_output = 5 : i32}, %arg11: tensor<2xf32> {tf.aliasing_output = 5 : i32}, %arg12: tensor<2xf32> {tf.aliasing_output = 5 : i32}, %arg13: tensor<2xf32> {tf.aliasing_output = 5 : i32}, %arg14: tensor<2xf32> {tf.aliasing_output = 5 : i32}, %arg15: tensor<2xf32> {tf.aliasing_output = 5 : i32}, %arg16: tensor<2xf32> {tf.aliasing_output = 5 : i32}, %arg17: tensor<2xf32> {tf.aliasing_output = 5 : i32}, %arg18: tensor<2xf32> {tf.aliasing_output = 5 : i32}, %arg19: tensor<2xf32> {tf.aliasing_output = 5 : i32}, %arg20: tensor<2xf32> {tf.aliasing_output = 5 : i32}, %arg21: tensor<2xf32> {tf.aliasing_output = 5 : i32}, %arg22: tensor<2xf32> {tf.aliasing_output = 5 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
