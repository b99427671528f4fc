// Promotion does not filter: flip-may-aliases and alias-to-must-alias make
// a may-alias between s32[4] and f32[4] (same byte size, so a valid
// may-alias) a must-alias, which XLA's verifier rejects: a must-alias
// needs the same shape, layout and memory space (decisions.md, "Verify";
// docs/passes.md, "Promotion does not filter"). With --verify-each (the
// default) the check after the pass fails with the message prefixed
// "after pass NAME: "; with --verify-each=false the final verification
// still fails, prefixed with the passes that ran. The error points at the
// attribute that introduced the alias; exit status 1.

// RUN: not mhlo-alias --passes=flip-may-aliases --print-config %s 2>&1 | FileCheck %s --check-prefix=EACH --implicit-check-not=OutputIndex
// RUN: not mhlo-alias --passes=alias-to-must-alias --print-config %s 2>&1 | FileCheck %s --check-prefix=EACH72 --implicit-check-not=OutputIndex
// RUN: not mhlo-alias --passes=flip-may-aliases --verify-each=false --print-config %s 2>&1 | FileCheck %s --check-prefix=FINAL --implicit-check-not=OutputIndex
// RUN: not mhlo-alias --passes=flip-may-aliases,flip-must-aliases --print-config %s 2>&1 | FileCheck %s --check-prefix=EACH --implicit-check-not=OutputIndex
// RUN: not mhlo-alias --passes=add-may-aliases,flip-may-aliases --verify-each=false --print-config %s 2>&1 | FileCheck %s --check-prefix=FINAL2 --implicit-check-not=OutputIndex

// EACH: {{^}}{{.*}}verify-each.mlir:35:39: error: after pass flip-may-aliases: Shape and memory space of the result at index {0} (f32[4]{0}) must be the same as the shape and memory spaceof aliased parameter 0 at index {} (s32[4]{0}){{$}}
// EACH72: {{^}}{{.*}}verify-each.mlir:35:39: error: after pass aws_neuron_alias_to_must_alias: Shape and memory space of the result at index {0} (f32[4]{0}) must be the same as the shape and memory spaceof aliased parameter 0 at index {} (s32[4]{0}){{$}}
// FINAL: {{^}}{{.*}}verify-each.mlir:35:39: error: after pass flip-may-aliases: Shape and memory space of the result at index {0} (f32[4]{0}) must be the same as the shape and memory spaceof aliased parameter 0 at index {} (s32[4]{0}){{$}}
// FINAL2: {{^}}{{.*}}verify-each.mlir:35:39: error: after passes add-may-aliases, flip-may-aliases: Shape and memory space of the result at index {0} (f32[4]{0}) must be the same as the shape and memory spaceof aliased parameter 0 at index {} (s32[4]{0}){{$}}

// RUN: mhlo-alias --passes=flip-may-aliases,flip-must-aliases --verify-each=false --emit=tf --print-config %s | FileCheck %s --check-prefix=SKIP

// Without verification between passes the invalid intermediate state goes
// unnoticed: flip-must-aliases turns it back into a may-alias, and the
// final verification passes. (It is written as tf.aliasing_output, as it
// was read: mhlo.result_alias cannot state an alias of tensor<4xi32> and
// tensor<4xf32>.)
// SKIP:      HloInputOutputAliasConfig
// SKIP-NEXT:   Output shape: (f32[4], f32[2])
// SKIP-NEXT:   OutputIndex {0} is may-aliased with parameter 0 at {}:
// SKIP-NEXT: HloBufferDonorConfig
// SKIP-EMPTY:

func.func @main(%arg0: tensor<4xi32> {tf.aliasing_output = 0 : i32}) -> (tensor<4xf32>, tensor<2xf32>) {
  %0 = "stablehlo.bitcast_convert"(%arg0) : (tensor<4xi32>) -> tensor<4xf32>
  %1 = "test.op"(%arg0) : (tensor<4xi32>) -> tensor<2xf32>
  return %0, %1 : tensor<4xf32>, tensor<2xf32>
}

// RUN: not mhlo-alias --entry=result_alias --passes=flip-may-aliases --print-config %s 2>&1 | FileCheck %s --check-prefix=RA --implicit-check-not=OutputIndex

// MHLO's verifier of mhlo.result_alias applies to may-aliases too: the
// input is rejected before any pass runs, in MHLO's words.
// RA: {{^}}{{.*}}verify-each.mlir:47:50: error: attribute "mhlo.result_alias" aliases do not have compatible types, 'tensor<2x2xui32>' vs. 'tensor<2x2xf32>'{{$}}

func.func @result_alias(%arg0: tensor<2x2xui32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}) -> tensor<2x2xf32> {
  %0 = "stablehlo.bitcast_convert"(%arg0) : (tensor<2x2xui32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
