// flip-must-aliases makes every alias a may-alias: the name is the kind
// flipped away, not a filter (family spec QUIRK on the Flip names;
// decisions.md, "The passes"). Must-aliases become may, may-aliases stay
// may, including an alias of part of a tuple parameter. Pairs, donors and
// the output shape are untouched, and no new alias is discovered (the
// donor parameter 3 and output {3} have the same shape but stay apart).

// RUN: mhlo-alias --passes=flip-must-aliases --print-config %s | FileCheck %s
// RUN: mhlo-alias --passes=flip-must-aliases,flip-must-aliases --print-config=short %s | FileCheck %s --check-prefix=SHORT

// Read: {0} <- (0, {}) must, {1} <- (1, {1}) must, {2} <- (2, {}) may,
// donor (3, {}).
// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: (f32[4], f16[3], s8[5], f32[6])
// CHECK-NEXT:   OutputIndex {0} is may-aliased with parameter 0 at {}:
// CHECK-NEXT:   OutputIndex {1} is may-aliased with parameter 1 at {1}:
// CHECK-NEXT:   OutputIndex {2} is may-aliased with parameter 2 at {}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-NEXT:   Parameter 3 at {} is registered as a buffer donor.
// CHECK-EMPTY:

// Running it twice changes nothing more.
// SHORT: {{^}}input_output_alias={ {0}: (0, {}, may-alias), {1}: (1, {1}, may-alias), {2}: (2, {}, may-alias) }, buffer_donor={ (3, {}) }{{$}}

func.func @main(%arg0: tensor<4xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}, %arg1: tuple<tensor<2xi32>, tensor<3xf16>> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [1], result_index = [1], must_alias>}, %arg2: tensor<5xi8> {tf.aliasing_output = 2 : i32}, %arg3: tensor<6xf32> {jax.buffer_donor = true}) -> (tensor<4xf32>, tensor<3xf16>, tensor<5xi8>, tensor<6xf32>) {
  %0 = "mhlo.get_tuple_element"(%arg1) {index = 1 : i32} : (tuple<tensor<2xi32>, tensor<3xf16>>) -> tensor<3xf16>
  return %arg0, %0, %arg2, %arg3 : tensor<4xf32>, tensor<3xf16>, tensor<5xi8>, tensor<6xf32>
}
