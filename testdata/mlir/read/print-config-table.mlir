// --print-config=table prints the final table in aligned columns: a row
// for each output leaf, one for each donor (the output that uses it, or
// "unused:" and the reason of its donor-unused remark), then the memory
// of each space, with a column of leaves of unknown size when there are
// any; then, for each donated leaf of the module as read, what JAX's
// pairing, XLA's pass and Neuron's would each do with it, and why.

// RUN: mhlo-alias --print-config=table %s | FileCheck %s --strict-whitespace

// CHECK:      {{^}}outputs: 4{{$}}
// CHECK-NEXT: {{^}}  index  shape                bytes  space      alias  parameter{{$}}
// CHECK-NEXT: {{^}}  {0}    f32[2,3]{1,0}         24 B  device     must   0 {}{{$}}
// CHECK-NEXT: {{^}}  {1}    f32[1024]{0:S(5)}  4.0 KiB  host S(5)  may    2 {}{{$}}
// CHECK-NEXT: {{^}}  {2}    s32[]                  4 B  device{{$}}
// CHECK-NEXT: {{^}}  {3}    f32[{{[?]}}]{0}                ?  device{{$}}
// CHECK-NEXT: {{^}}donors: 3 (1 unused){{$}}
// CHECK-NEXT: {{^}}  parameter  shape                bytes  space      used by or why not{{$}}
// CHECK-NEXT: {{^}}  0 {}       f32[2,3]{1,0}         24 B  device     output {0} (must){{$}}
// CHECK-NEXT: {{^}}  1 {}       f32[4]{0}             16 B  device     unused: none: no output has this shape, these dimensions or this byte size{{$}}
// CHECK-NEXT: {{^}}  2 {}       f32[1024]{0:S(5)}  4.0 KiB  host S(5)  output {1} (may){{$}}
// CHECK-NEXT: {{^}}memory:{{$}}
// CHECK-NEXT: {{^}}  space      parameters  outputs  must-aliased  may-aliased  without alias  unused donors  leaves of unknown size{{$}}
// CHECK-NEXT: {{^}}  device           40 B     28 B          24 B          0 B            4 B           16 B                       2{{$}}
// CHECK-NEXT: {{^}}  host S(5)     4.0 KiB  4.0 KiB           0 B      4.0 KiB            0 B            0 B                       0{{$}}
// CHECK-NEXT: {{^}}donations compared: 2 (JAX: jax-donation, XLA: xla-buffer-donation, Neuron: buffer-donation-to-alias){{$}}
// CHECK-NEXT: {{^}}  parameter  shape              JAX         XLA         Neuron{{$}}
// CHECK-NEXT: {{^}}  1 {}       f32[4]{0}          -           -           -{{$}}
// CHECK-NEXT: {{^}}  2 {}       f32[1024]{0:S(5)}  output {1}  output {1}  output {1}{{$}}
// CHECK-NEXT: {{^}}  why:{{$}}
// CHECK-NEXT: {{^}}  1 {} JAX: none: no output without an alias has its shape (f32[4]) or element count (4); JAX warns "Some donated buffers were not usable: float32[4]"{{$}}
// CHECK-NEXT: {{^}}  1 {} XLA: none: JAX's pairing donates it to no output, so the pass does not consider it{{$}}
// CHECK-NEXT: {{^}}  1 {} Neuron: none: JAX's pairing donates it to no output, so the pass does not consider it{{$}}
// CHECK-NEXT: {{^}}  2 {} JAX: may-alias: output {1} f32[1024]{0:S(5)} has its shape (f32[1024]), element type, memory space and layout{{$}}
// CHECK-NEXT: {{^}}  2 {} XLA: may-alias: output {1} already aliases it, and the pass keeps aliases{{$}}
// CHECK-NEXT: {{^}}  2 {} Neuron: may-alias: output {1} already aliases it, and the pass keeps aliases{{$}}
// CHECK-EMPTY:

func.func @main(%arg0: tensor<2x3xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}, %arg1: tensor<4xf32> {jax.buffer_donor = true}, %arg2: tensor<1024xf32> {mhlo.memory_kind = "pinned_host", tf.aliasing_output = 1 : i32}, %arg3: tensor<?xf32>) -> (tensor<2x3xf32>, tensor<1024xf32> {mhlo.memory_kind = "pinned_host"}, tensor<i32>, tensor<?xf32>) {
  return %arg0, %arg2, %0, %arg3 : tensor<2x3xf32>, tensor<1024xf32>, tensor<i32>, tensor<?xf32>
}
