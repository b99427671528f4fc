// --remark-format=yaml writes the remarks as LLVM's YAML remark records
// (as mlir-opt 22 writes them: "Pass" is the category, "Name" the pass)
// to --remarks-output-file, default mhlo-alias-remarks.yaml in the
// working directory; a long file name wraps the DebugLoc line after
// column 70 as LLVM's YAML writer does, so Line and Column are checked
// on that line or the next; nothing goes to stderr, and the module output is as
// without remarks.

// RUN: mhlo-alias --passes=buffer-donation-to-alias --remarks-filter='.*' --remark-format=yaml --remarks-output-file=%t.yaml %s > %t.out 2> %t.err
// RUN: FileCheck %s < %t.yaml
// RUN: FileCheck %s --check-prefix=QUIET --allow-empty < %t.err
// RUN: mhlo-alias --passes=buffer-donation-to-alias %s | diff - %t.out
// RUN: mhlo-alias --passes=buffer-donation-to-alias --remarks-filter-missed='.*' --remark-format=yaml --remarks-output-file=%t.missed.yaml %s > /dev/null
// RUN: FileCheck %s --check-prefix=MISSED < %t.missed.yaml

// CHECK:      {{^}}--- !Passed{{$}}
// CHECK-NEXT: {{^}}Pass:            alias-added{{$}}
// CHECK-NEXT: {{^}}Name:            aws_neuron_buffer_donation_to_alias{{$}}
// CHECK-NEXT: {{^}}DebugLoc:        { File: '{{.*}}yaml.mlir',
// CHECK:      Line: [[@LINE+33]],
// CHECK:      Column: 9 }{{$}}
// CHECK-NEXT: {{^}}Function:        main{{$}}
// CHECK-NEXT: {{^}}Args:{{$}}
// CHECK-NEXT: {{^}}  - Remark:          'output {0} f32[4,8]{1,0} may-aliased with parameter 0 at {}'{{$}}
// CHECK-NEXT: {{^}}...{{$}}
// CHECK-NEXT: {{^}}--- !Passed{{$}}
// CHECK-NEXT: {{^}}Pass:            donor-consumed{{$}}
// CHECK:      {{^}}--- !Missed{{$}}
// CHECK-NEXT: {{^}}Pass:            donor-unused{{$}}
// CHECK-NEXT: {{^}}Name:            aws_neuron_buffer_donation_to_alias{{$}}
// CHECK-NEXT: {{^}}DebugLoc:        { File: '{{.*}}yaml.mlir',
// CHECK:      Line: [[@LINE+20]],
// CHECK:      Column: 17 }{{$}}
// CHECK-NEXT: {{^}}Function:        main{{$}}
// CHECK-NEXT: {{^}}Args:{{$}}
// CHECK-NEXT: {{^}}  - Remark:          'donor parameter 1 at {} f32[8,4]{1,0} is not used by any output'{{$}}
// CHECK-NEXT: {{^}}  - Reason:          'byte-size: output {1} f32[32]{0} has the same byte size (128 bytes) but another shape; XLA''s optimize_input_output_buffer_alias would pair them'{{$}}
// CHECK-NEXT: {{^}}  - Suggestion:      run xla-buffer-donation{{$}}
// CHECK-NEXT: {{^}}...{{$}}
// CHECK-NEXT: {{^}}--- !Analysis{{$}}
// CHECK-NEXT: {{^}}Pass:            memory{{$}}
// CHECK:      {{^}}  - Remark:          'aliases: 1 (0 must, 1 may) share 128 B {{.*}}'{{$}}
// CHECK-NEXT: {{^}}...{{$}}
// CHECK-NOT:  ---

// QUIET-NOT: remark

// MISSED:     {{^}}--- !Missed{{$}}
// MISSED-NOT: !Passed

func.func @main(%arg0: tensor<4x8xf32> {jax.buffer_donor = true},
                %arg1: tensor<8x4xf32> {jax.buffer_donor = true})
    -> (tensor<4x8xf32>, tensor<32xf32>) {
  %0 = "test.op"() : () -> tensor<32xf32>
  return %arg0, %0 : tensor<4x8xf32>, tensor<32xf32>
}
