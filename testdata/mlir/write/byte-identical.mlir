// Without passes and without --emit the output is the input, byte for byte
// (the run only reads and verifies): unsorted keys, odd spacing, tabs,
// comments, every encoding and a trailing line without a newline stay.

// RUN: mhlo-alias %s > %t
// RUN: diff %s %t
// RUN: mhlo-alias < %s > %t.stdin
// RUN: diff %s %t.stdin
// RUN: mhlo-alias - < %s > %t.dash
// RUN: diff %s %t.dash

#must = #mhlo.result_alias< result_index = [1] , must_alias >
module @kept   attributes {mhlo.input_output_alias = [{alias = {kind = "must_alias", parameter_index = array<i64>, parameter_number = 1 : i64}, output_index = array<i64: 1>}, {output_index = array<i64: 0>, alias = {parameter_number = 0 : i64, kind = "may_alias", parameter_index = array<i64>}}], z.last = 1 : i32,	a.first = unit} {
  func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i64,   mhlo.sharding = "{replicated}"}, %arg1: tensor<2xf32> {mhlo.result_alias = #must}, %arg2: tensor<2xf32> {jax.buffer_donor = true}) -> (tensor<2xf32>, tensor<2xf32>) {
    return %arg0, %arg1 : tensor<2xf32>, tensor<2xf32>	// trailing comment
  }
}
// no newline after this line