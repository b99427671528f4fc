// A directory argument is walked: every module file under it (*.mlir,
// *.hlo, *.pb, and *.txt that starts as HLO text) is one input, in the
// lexical order of the paths, processed in parallel and printed in that
// order. Names starting with '.' are skipped. --print-config=json gives a
// record per module with its file; summary ends with the totals over all
// modules; --unused-donors=error fails the run if any module fails it; -l
// lists the files whose output differs; -o cannot take a directory.

// RUN: rm -rf %t && mkdir -p %t/neuronxcc-2.15/MODULE_b %t/neuronxcc-2.15/MODULE_a %t/.git %t/dump
// RUN: cp %S/../../proto/host-offload.pb %t/neuronxcc-2.15/MODULE_b/model.hlo_module.pb
// RUN: echo neff > %t/neuronxcc-2.15/MODULE_b/model.neff
// RUN: cp %S/../../proto/donors-only.pb %t/neuronxcc-2.15/MODULE_a/model.hlo_module.pb
// RUN: cp %S/../../proto/jit-train-step.hlo %t/dump/module_0001.jit_train_step.before_optimizations.txt
// RUN: echo "not a module" > %t/dump/module_0001.jit_train_step.buffer-assignment.txt
// RUN: cp %S/../../proto/donors-only.hlo %t/.git/hidden.hlo

// RUN: mhlo-alias --print-config=json %t | FileCheck %s --check-prefix=JSON
// RUN: mhlo-alias --passes=buffer-donation-to-alias --print-config=summary %t | FileCheck %s --check-prefix=SUMMARY
// RUN: not mhlo-alias --passes=buffer-donation-to-alias --unused-donors=error %t 2>&1 >/dev/null | FileCheck %s --check-prefix=ERROR
// RUN: mhlo-alias --passes=buffer-donation-to-alias --unused-donors=error %t/neuronxcc-2.15/MODULE_b > /dev/null
// RUN: not mhlo-alias -l --passes=buffer-donation-to-alias %t | FileCheck %s --check-prefix=LIST
// RUN: not mhlo-alias -o %t.out %t 2>&1 | FileCheck %s --check-prefix=OUTPUT
// RUN: mkdir -p %t.empty && mhlo-alias --print-config=json %t.empty 2>&1 | FileCheck %s --check-prefix=EMPTY

// JSON:      {{^}}{"file": "{{.*}}/dump/module_0001.jit_train_step.before_optimizations.txt", "chunk": 0, "ok": true,
// JSON-NEXT: {{^}}{"file": "{{.*}}/neuronxcc-2.15/MODULE_a/model.hlo_module.pb", "chunk": 0, "ok": true, {{.*}}"donors": [{"parameter_number": 0, "parameter_index": [], "name": "p0", "bytes": 16384, "shape": "f32[64,64]{1,0}", "memory_space": 0, "reason": "free: {{.*}}"}
// JSON-NEXT: {{^}}{"file": "{{.*}}/neuronxcc-2.15/MODULE_b/model.hlo_module.pb", "chunk": 0, "ok": true, {{.*}}"name": "host memory S(5)"{{.*}}{{$}}
// JSON-NOT:  {{.}}

// SUMMARY:      // {{.*}}/dump/module_0001.jit_train_step.before_optimizations.txt
// SUMMARY:      // {{.*}}/neuronxcc-2.15/MODULE_a/model.hlo_module.pb
// SUMMARY:      // {{.*}}/neuronxcc-2.15/MODULE_b/model.hlo_module.pb
// SUMMARY:      // -----
// SUMMARY-NEXT: // total: 3 modules in 3 files, 0 failed
// SUMMARY-NEXT: device memory:
// SUMMARY-NEXT:   aliases: 3 (0 must, 3 may) share 18.1 KiB (must 0 B, may up to 18.1 KiB)
// SUMMARY-NEXT:   donors: 1 unused, 4.0 KiB
// SUMMARY:      host memory S(5):
// SUMMARY-NEXT:   aliases: 1 (0 must, 1 may) share 1.0 MiB (must 0 B, may up to 1.0 MiB)

// ERROR: MODULE_a/model.hlo_module.pb: error: donor parameter 2 "p2" at {} u8[4096]{0} is not used by any output: none:
// ERROR-NOT: error

// LIST:      {{^}}{{.*}}/neuronxcc-2.15/MODULE_a/model.hlo_module.pb{{$}}
// LIST-NOT:  {{.}}

// OUTPUT: mhlo-alias: -o takes one input file, not a directory: {{.*}}

// EMPTY: mhlo-alias: warning: {{.*}}.empty holds no module file (*.mlir, *.hlo, *.pb, HLO *.txt)
