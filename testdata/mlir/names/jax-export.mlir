// A JAX export as `jax.jit(f).lower(...).as_text()` prints it with debug
// information: each argument is named by a name location, written inline
// or as a #loc reference defined after the module (one defined as a
// fused location whose first part is a file location), and each result
// by jax.result_info. Remarks, --unused-donors and the JSON record name
// them; the long and short forms are XLA's texts and do not.

// RUN: mhlo-alias --passes=buffer-donation-to-alias --remarks-filter='donor-.*|alias-added' --verify-diagnostics %s -o /dev/null
// RUN: mhlo-alias --unused-donors=warn %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: mhlo-alias --passes=buffer-donation-to-alias --print-config=json %s | FileCheck %s --check-prefix=JSON
// RUN: mhlo-alias --passes=buffer-donation-to-alias --print-config %s | FileCheck %s --check-prefix=LONG
// RUN: mhlo-alias --passes=buffer-donation-to-alias --print-config=summary %s | FileCheck %s --check-prefix=SUMMARY
// RUN: mhlo-alias --passes=buffer-donation-to-alias --print-config=table %s | FileCheck %s --check-prefix=TABLE --match-full-lines

// SUMMARY: unused donor: parameter 2 "opt_state['mu']" at {}, 32 B
// SUMMARY-NEXT: output without alias: output {2} "[1]", 4 B

// TABLE:      outputs: 3
// TABLE-NEXT:   index  name                shape                  bytes  space   alias  parameter  parameter name
// TABLE-NEXT:   {0}    [0]['layer7']['w']  f32[128,256]{1,0}  128.0 KiB  device  may    0 {}       params['layer7']['w']
// TABLE-NEXT:   {1}    [0]['layer7']['b']  f32[256]{0}          1.0 KiB  device  may    1 {}       params['layer7']['b']
// TABLE-NEXT:   {2}    [1]                 f32[]                    4 B  device
// TABLE-NEXT: donors: 3 (1 unused)
// TABLE-NEXT:   parameter  name                   shape                  bytes  space   used by or why not
// TABLE-NEXT:   0 {}       params['layer7']['w']  f32[128,256]{1,0}  128.0 KiB  device  output {0} (may)
// TABLE-NEXT:   1 {}       params['layer7']['b']  f32[256]{0}          1.0 KiB  device  output {1} (may)
// TABLE-NEXT:   2 {}       opt_state['mu']        f32[8]{0}               32 B  device  unused: none: no output has this shape, these dimensions or this byte size

// WARN: {{.*}}jax-export.mlir:[[@LINE+14]]:7: warning: donor parameter 0 "params['layer7']['w']" at {} f32[128,256]{1,0} is not used by any output: free: output {0} "[0]['layer7']['w']" f32[128,256]{1,0} has its shape and no alias; no donation pass has paired them
// WARN: {{.*}}jax-export.mlir:[[@LINE+15]]:7: warning: donor parameter 1 "params['layer7']['b']" at {} f32[256]{0} is not used by any output: free: output {1} "[0]['layer7']['b']" f32[256]{0} has its shape and no alias; no donation pass has paired them
// WARN: {{.*}}jax-export.mlir:[[@LINE+16]]:7: warning: donor parameter 2 "opt_state['mu']" at {} f32[8]{0} is not used by any output: none: no output has this shape, these dimensions or this byte size

// JSON: {{^}}{"ok": true, "diagnostics": [], "more_errors": 0, "output_shape": "(f32[128,256]{1,0}, f32[256]{0}, f32[])", "parameters": [{"parameter_number": 0, "name": "params['layer7']['w']", "shape": "f32[128,256]{1,0}", "bytes": 131072, "memory_space": 0}, {"parameter_number": 1, "name": "params['layer7']['b']", "shape": "f32[256]{0}", "bytes": 1024, "memory_space": 0}, {"parameter_number": 2, "name": "opt_state['mu']", "shape": "f32[8]{0}", "bytes": 32, "memory_space": 0}, {"parameter_number": 3, "name": "batch", "shape": "bf16[32,128]{1,0}", "bytes": 8192, "memory_space": 0}], "outputs": [{"output_index": [0], "name": "[0]['layer7']['w']", "shape": "f32[128,256]{1,0}", "bytes": 131072, "memory_space": 0}, {"output_index": [1], "name": "[0]['layer7']['b']", "shape": "f32[256]{0}", "bytes": 1024, "memory_space": 0}, {"output_index": [2], "name": "[1]", "shape": "f32[]", "bytes": 4, "memory_space": 0}], "aliases": [{"output_index": [0], "output_name": "[0]['layer7']['w']", "parameter_number": 0, "parameter_index": [], "parameter_name": "params['layer7']['w']", "kind": "may", {{.*}}}, {"output_index": [1], "output_name": "[0]['layer7']['b']", "parameter_number": 1, "parameter_index": [], "parameter_name": "params['layer7']['b']", "kind": "may", {{.*}}}], "donors": [{"parameter_number": 2, "parameter_index": [], "name": "opt_state['mu']", "bytes": 32, {{.*}}}], "memory": {{.*}}

// LONG:      OutputIndex {0} is may-aliased with parameter 0 at {}:
// LONG-NEXT: OutputIndex {1} is may-aliased with parameter 1 at {}:
// LONG:      Parameter 2 at {} is registered as a buffer donor.

#loc1 = loc("train.py":12:4)
module @jit_train_step attributes {jax.uses_shape_polymorphism = false, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(
// expected-remark @+1 {{Category:donor-consumed | Remark="donor parameter 0 "params['layer7']['w']" at {} f32[128,256]{1,0} consumed by output {0} "[0]['layer7']['w']""}}
      %arg0: tensor<128x256xf32> {jax.buffer_donor = true} loc("params['layer7']['w']"),
// expected-remark @+1 {{Category:donor-consumed | Remark="donor parameter 1 "params['layer7']['b']" at {} f32[256]{0} consumed by output {1} "[0]['layer7']['b']""}}
      %arg1: tensor<256xf32> {jax.buffer_donor = true} loc(#loc3),
// expected-remark @+1 {{Category:donor-unused | Reason="none: no output has this shape, these dimensions or this byte size", Remark="donor parameter 2 "opt_state['mu']" at {} f32[8]{0} is not used by any output"}}
      %arg2: tensor<8xf32> {jax.buffer_donor = true} loc(#loc6),
      %arg3: tensor<32x128xbf16> loc(#loc4))
// expected-remark @+1 {{Category:alias-added | Remark="output {0} "[0]['layer7']['w']" f32[128,256]{1,0} may-aliased with parameter 0 "params['layer7']['w']" at {}"}}
      -> (tensor<128x256xf32> {jax.result_info = "[0]['layer7']['w']"},
// expected-remark @+1 {{Category:alias-added | Remark="output {1} "[0]['layer7']['b']" f32[256]{0} may-aliased with parameter 1 "params['layer7']['b']" at {}"}}
          tensor<256xf32> {jax.result_info = "[0]['layer7']['b']"},
          tensor<f32> {jax.result_info = "[1]"}) {
    %0 = stablehlo.constant dense<0.000000e+00> : tensor<f32> loc(#loc7)
    return %arg0, %arg1, %0 : tensor<128x256xf32>, tensor<256xf32>, tensor<f32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc2 = loc("train.py":12:4 to :30)
#loc3 = loc("params['layer7']['b']")
#loc4 = loc("batch")
#loc5 = loc("step"(#loc2))
#loc6 = loc(fused[#loc2, "opt_state['mu']"])
#loc7 = loc("jit(train_step)/jit(main)/broadcast_in_dim"(#loc5))
