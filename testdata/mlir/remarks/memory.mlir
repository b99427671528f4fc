// The memory accounting: one Analysis remark (memory) per module after the
// last pass, at the entry function; --print-config=summary prints it for
// people and --print-config=json as the "memory" object, with "bytes" on
// every alias and donor (null when unknown). A bounded dimension counts at its bound; an
// unbounded one makes the size unknown, counted apart and never guessed.

// RUN: mhlo-alias --split-input-file --passes=add-must-aliases --remarks-filter-analyse=memory --verify-diagnostics %s -o /dev/null
// RUN: mhlo-alias --split-input-file --passes=add-must-aliases --print-config=summary %s | FileCheck %s --check-prefix=SUMMARY --match-full-lines
// RUN: mhlo-alias --split-input-file --passes=add-must-aliases --print-config=json %s | FileCheck %s --check-prefix=JSON
// RUN: mhlo-alias --split-input-file --print-config=summary %s | FileCheck %s --check-prefix=SPLIT

// SUMMARY:      // {{.*}}memory.mlir chunk 0
// SUMMARY-NEXT: aliases: 3 (3 must, 0 may) share 4.0 MiB (must 4.0 MiB, may up to 0 B)
// SUMMARY-NEXT: donors: 1 unused, 1.5 KiB
// SUMMARY-NEXT: outputs without alias: 2, 16 B
// SUMMARY-NEXT: parameters: 5, 4.0 MiB; outputs: 5, 4.0 MiB
// SUMMARY-NEXT: leaves of unknown size: 2 (not counted above)
// SUMMARY-NEXT: unused donor: parameter 2 at {}, 1.5 KiB
// SUMMARY-NEXT: output without alias: output {3}, 8 B
// SUMMARY-NEXT: output without alias: output {4}, 8 B
// SUMMARY-NEXT: // -----

// JSON: {"file": "{{.*}}memory.mlir", "chunk": 0, {{.*}}"kind": "must", "bytes": 4194304, "parameter_shape": "f32[1024,1024]{1,0}", "output_shape": "f32[1024,1024]{1,0}", "memory_space": 0}
// JSON-SAME: "kind": "must", "bytes": 32, "parameter_shape": "f32[<=8]{0}", "output_shape": "f32[<=8]{0}", "memory_space": 0}
// JSON-SAME: "kind": "must", "bytes": null, "parameter_shape": "f32[?]{0}", "output_shape": "f32[?]{0}", "memory_space": 0}
// JSON-SAME: "donors": [{"parameter_number": 2, "parameter_index": [], "bytes": 1536, "shape": "f32[384]{0}", "memory_space": 0, "reason": "{{[a-z-]+}}: {{.*}}"}]
// JSON-SAME: "memory": {"parameter_bytes": 4195880, "output_bytes": 4194352, "must_alias_bytes": 4194336, "may_alias_bytes": 0, "unused_donor_bytes": 1536, "unaliased_output_bytes": 16, "unknown_size_leaves": 2, "memory_spaces": [{"memory_space": 0, "name": "device memory", "parameter_bytes": 4195880, {{.*}}}]}}
// JSON-NEXT: {"file": "{{.*}}memory.mlir", "chunk": 1, {{.*}} "memory": {"parameter_bytes": 8, "output_bytes": 8, "must_alias_bytes": 0, "may_alias_bytes": 8,

// SPLIT:      // {{.*}}memory.mlir chunk 0
// SPLIT-NEXT: aliases: 0 (0 must, 0 may)
// SPLIT:      // -----
// SPLIT-NEXT: // {{.*}}memory.mlir chunk 1
// SPLIT-NEXT: aliases: 1 (0 must, 1 may) share 8 B

// expected-remark @+1 {{[Analysis] add-must-aliases | Category:memory | Remark="aliases: 3 (3 must, 0 may) share 4.0 MiB (must 4.0 MiB, may up to 0 B); donors: 1 unused, 1.5 KiB; outputs without alias: 2, 16 B; parameters: 5, 4.0 MiB; outputs: 5, 4.0 MiB; leaves of unknown size: 2 (not counted above)"}}
func.func @main(%arg0: tensor<1024x1024xf32>,
                %arg1: tensor<?xf32, #mhlo.type_extensions<bounds = [8]>>,
                %arg2: tensor<384xf32> {jax.buffer_donor = true},
                %arg3: tensor<?xf32>,
                %arg4: tensor<2xf32>)
    -> (tensor<1024x1024xf32>, tensor<?xf32, #mhlo.type_extensions<bounds = [8]>>, tensor<?xf32>, tensor<2xi32>, tensor<2xi32>) {
  %0 = "test.op"() : () -> tensor<2xi32>
  return %arg0, %arg1, %arg3, %0, %0 : tensor<1024x1024xf32>, tensor<?xf32, #mhlo.type_extensions<bounds = [8]>>, tensor<?xf32>, tensor<2xi32>, tensor<2xi32>
}

// -----

// expected-remark @+1 {{[Analysis] add-must-aliases | Category:memory | Remark="aliases: 1 (0 must, 1 may) share 8 B}}
func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
