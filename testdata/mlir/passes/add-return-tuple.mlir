// With one result the output is that result's own shape and discovery
// pairs output {}; --return-tuple makes it a one-element tuple and the
// same pairing lands on {0} (decisions.md, "The model"). The first of the
// two s8[16] parameters is taken either way; the u8[16] one never is.

// RUN: mhlo-alias --passes=add-may-aliases --print-config %s | FileCheck %s
// RUN: mhlo-alias --return-tuple --passes=add-may-aliases --print-config %s | FileCheck %s --check-prefix=TUPLE
// RUN: mhlo-alias --return-tuple --passes=add-must-aliases --print-config=short %s | FileCheck %s --check-prefix=SHORT

// CHECK:      HloInputOutputAliasConfig
// CHECK-NEXT:   Output shape: s8[16]
// CHECK-NEXT:   OutputIndex {} is may-aliased with parameter 1 at {}:
// CHECK-NEXT: HloBufferDonorConfig
// CHECK-EMPTY:

// TUPLE:      HloInputOutputAliasConfig
// TUPLE-NEXT:   Output shape: (s8[16])
// TUPLE-NEXT:   OutputIndex {0} is may-aliased with parameter 1 at {}:
// TUPLE-NEXT: HloBufferDonorConfig
// TUPLE-EMPTY:

// SHORT: {{^}}input_output_alias={ {0}: (1, {}, must-alias) }{{$}}

func.func @main(%arg0: tensor<16xui8>, %arg1: tensor<16xi8>, %arg2: tensor<16xi8>) -> tensor<16xi8> {
  return %arg2 : tensor<16xi8>
}
