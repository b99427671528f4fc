// Element types map to XLA's names: i1 -> pred, signless and signed ints ->
// sN, unsigned -> uN, every float kind incl. bf16 and f8*, complex<f32> ->
// c64, complex<f64> -> c128; scalars print as T[], arrays with their
// default descending layout.

// RUN: mhlo-alias --print-config=json %s | FileCheck %s

// CHECK: {"ok": true, "diagnostics": [], "more_errors": 0, "output_shape": "(pred[2]{0}, s2[], s4[3]{0}, s8[], s16[], s32[2,3]{1,0}, s64[], u2[], u4[], u8[], u16[], u32[], u64[], f16[], bf16[], f32[], f64[], f8e5m2[], f8e4m3fn[], f8e4m3b11fnuz[], f8e5m2fnuz[], f8e4m3fnuz[], f8e4m3[], c64[], c128[], s8[0,5]{1,0})", "parameters": [], "aliases": [], "donors": [], "memory": {"parameter_bytes": 0, "output_bytes": 104, "must_alias_bytes": 0, "may_alias_bytes": 0, "unused_donor_bytes": 0, "unaliased_output_bytes": 104, "unknown_size_leaves": 0, "memory_spaces": [{"memory_space": 0, "name": "device memory", "parameter_bytes": 0, "output_bytes": 104, "must_alias_bytes": 0, "may_alias_bytes": 0, "unused_donor_bytes": 0, "unaliased_output_bytes": 104, "unknown_size_leaves": 0}]}}{{$}}

func.func @main() -> (tensor<2xi1>, tensor<i2>, tensor<3xi4>, tensor<i8>, tensor<si16>, tensor<2x3xi32>, tensor<i64>, tensor<ui2>, tensor<ui4>, tensor<ui8>, tensor<ui16>, tensor<ui32>, tensor<ui64>, tensor<f16>, tensor<bf16>, tensor<f32>, tensor<f64>, tensor<f8E5M2>, tensor<f8E4M3FN>, tensor<f8E4M3B11FNUZ>, tensor<f8E5M2FNUZ>, tensor<f8E4M3FNUZ>, tensor<f8E4M3>, tensor<complex<f32>>, tensor<complex<f64>>, tensor<0x5xsi8>) {
  %0:26 = "test.op"() : () -> (tensor<2xi1>, tensor<i2>, tensor<3xi4>, tensor<i8>, tensor<si16>, tensor<2x3xi32>, tensor<i64>, tensor<ui2>, tensor<ui4>, tensor<ui8>, tensor<ui16>, tensor<ui32>, tensor<ui64>, tensor<f16>, tensor<bf16>, tensor<f32>, tensor<f64>, tensor<f8E5M2>, tensor<f8E4M3FN>, tensor<f8E4M3B11FNUZ>, tensor<f8E5M2FNUZ>, tensor<f8E4M3FNUZ>, tensor<f8E4M3>, tensor<complex<f32>>, tensor<complex<f64>>, tensor<0x5xsi8>)
  return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5, %0#6, %0#7, %0#8, %0#9, %0#10, %0#11, %0#12, %0#13, %0#14, %0#15, %0#16, %0#17, %0#18, %0#19, %0#20, %0#21, %0#22, %0#23, %0#24, %0#25 : tensor<2xi1>, tensor<i2>, tensor<3xi4>, tensor<i8>, tensor<si16>, tensor<2x3xi32>, tensor<i64>, tensor<ui2>, tensor<ui4>, tensor<ui8>, tensor<ui16>, tensor<ui32>, tensor<ui64>, tensor<f16>, tensor<bf16>, tensor<f32>, tensor<f64>, tensor<f8E5M2>, tensor<f8E4M3FN>, tensor<f8E4M3B11FNUZ>, tensor<f8E5M2FNUZ>, tensor<f8E4M3FNUZ>, tensor<f8E4M3>, tensor<complex<f32>>, tensor<complex<f64>>, tensor<0x5xsi8>
}
