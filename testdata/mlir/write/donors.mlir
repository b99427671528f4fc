// Donors are written as jax.buffer_donor: a donor that stays keeps its
// attribute and text (`false` included, XLA checks presence only); a donor
// consumed by a pass (buffer-donation-to-alias, or add-* taking it) loses
// it, and its emptied dictionary goes with its space.

// RUN: mhlo-alias --passes=buffer-donation-to-alias %s 2>/dev/null | FileCheck %s --match-full-lines
// RUN: mhlo-alias --passes=add-may-aliases %s 2>/dev/null | FileCheck %s --match-full-lines --check-prefix=ADD
// RUN: mhlo-alias --emit=module %s 2>/dev/null | FileCheck %s --match-full-lines --check-prefix=MODULE
// RUN: mhlo-alias --passes=buffer-donation-to-alias --emit=module %s 2>/dev/null | FileCheck %s --match-full-lines --check-prefix=DMOD

// Donor 0 (f32[4]) takes output {1}; donor 1 (false, s32[2]) matches no
// output and stays; donor 2 (f16[3]) takes output {2}.
// CHECK: func.func @main(%arg0: tensor<4xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [1]>}, %arg1: tensor<2xi32> {jax.buffer_donor = false, mhlo.sharding = "{maximal device=0}"}, %arg2: tensor<3xf16> {mhlo.result_alias = #mhlo.result_alias<result_index = [2]>, mhlo.sharding = "{replicated}"}, %arg3: tensor<4xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}) -> (tensor<4xf32>, tensor<4xf32>, tensor<3xf16>) {

// add-may-aliases: {1} takes parameter 0 and {2} parameter 2; the
// donor registration of both goes, the unmatched `false` donor stays.
// ADD: func.func @main(%arg0: tensor<4xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [1]>}, %arg1: tensor<2xi32> {jax.buffer_donor = false, mhlo.sharding = "{maximal device=0}"}, %arg2: tensor<3xf16> {mhlo.result_alias = #mhlo.result_alias<result_index = [2]>, mhlo.sharding = "{replicated}"}, %arg3: tensor<4xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}) -> (tensor<4xf32>, tensor<4xf32>, tensor<3xf16>) {

// Donation with --emit=module: the consumed donors' dictionaries are left
// empty (argument 0) and go with their space.
// DMOD: func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<2xi32> {jax.buffer_donor = false, mhlo.sharding = "{maximal device=0}"}, %arg2: tensor<3xf16> {mhlo.sharding = "{replicated}"}, %arg3: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<3xf16>) {

// No pass: every donor stays as written.
// MODULE: func.func @main(%arg0: tensor<4xf32> {jax.buffer_donor = true}, %arg1: tensor<2xi32> {jax.buffer_donor = false, mhlo.sharding = "{maximal device=0}"}, %arg2: tensor<3xf16> {jax.buffer_donor = true, mhlo.sharding = "{replicated}"}, %arg3: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<3xf16>) {

module {
  func.func @main(%arg0: tensor<4xf32> {jax.buffer_donor = true}, %arg1: tensor<2xi32> {jax.buffer_donor = false, mhlo.sharding = "{maximal device=0}"}, %arg2: tensor<3xf16> {jax.buffer_donor = true, mhlo.sharding = "{replicated}"}, %arg3: tensor<4xf32> {tf.aliasing_output = 0 : i32}) -> (tensor<4xf32>, tensor<4xf32>, tensor<3xf16>) {
    return %arg3, %arg0, %arg2 : tensor<4xf32>, tensor<4xf32>, tensor<3xf16>
  }
}
