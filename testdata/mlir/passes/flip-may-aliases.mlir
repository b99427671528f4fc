// flip-may-aliases makes every alias a must-alias: the name is the kind
// flipped away (family spec QUIRK on the Flip names; decisions.md, "The
// passes"). May-aliases from every encoding become must, must-aliases stay
// must; pairs, donors and the output shape are untouched and nothing new is
// discovered.

// RUN: mhlo-alias --passes=flip-may-aliases --print-config %s | FileCheck %s
// RUN: mhlo-alias --passes=flip-may-aliases,flip-may-aliases --print-config=short %s | FileCheck %s --check-prefix=SHORT

// Read: {0} <- (0, {}) must, {1} <- (1, {1}) may, {2} <- (2, {}) may,
// donor (3, {}).
// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: (f32[4], f16[3], s8[5], f32[6])
// CHECK-NEXT:   OutputIndex {0} is must-aliased with parameter 0 at {}:
// CHECK-NEXT:   OutputIndex {1} is must-aliased with parameter 1 at {1}:
// CHECK-NEXT:   OutputIndex {2} is must-aliased with parameter 2 at {}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-NEXT:   Parameter 3 at {} is registered as a buffer donor.
// CHECK-EMPTY:

// SHORT: {{^}}input_output_alias={ {0}: (0, {}, must-alias), {1}: (1, {1}, must-alias), {2}: (2, {}, must-alias) }, buffer_donor={ (3, {}) }{{$}}

func.func @main(%arg0: tensor<4xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}, %arg1: tuple<tensor<2xi32>, tensor<3xf16>> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [1], result_index = [1]>}, %arg2: tensor<5xi8> {tf.aliasing_output = 2 : i32}, %arg3: tensor<6xf32> {jax.buffer_donor = true}) -> (tensor<4xf32>, tensor<3xf16>, tensor<5xi8>, tensor<6xf32>) {
  %0 = "mhlo.get_tuple_element"(%arg1) {index = 1 : i32} : (tuple<tensor<2xi32>, tensor<3xf16>>) -> tensor<3xf16>
  return %arg0, %0, %arg2, %arg3 : tensor<4xf32>, tensor<3xf16>, tensor<5xi8>, tensor<6xf32>
}
