// With --split-input-file, --print-config prints one config per chunk,
// joined with separator lines, each labelled with the file and its chunk
// number (from 0); a failing chunk prints nothing and no separator, and
// the exit status is 1. json is JSON Lines: no separators, each object
// with "file" and "chunk".

// RUN: not mhlo-alias --split-input-file --print-config=short %s 2>%t.err | FileCheck %s --match-full-lines
// RUN: FileCheck %s --check-prefix=ERR < %t.err

// RUN: not mhlo-alias --split-input-file --print-config=json %s 2>/dev/null | FileCheck %s --check-prefix=JSON

// CHECK:      // {{.*}}print-config.mlir chunk 0
// CHECK-NEXT: input_output_alias={ {}: (0, {}, may-alias) }
// CHECK-NEXT: {{^}}//{{ }}-----{{$}}
// CHECK-NEXT: // {{.*}}print-config.mlir chunk 1
// CHECK-NEXT: buffer_donor={ (0, {}) }
// CHECK-NEXT: {{^}}//{{ }}-----{{$}}
// CHECK-NEXT: // {{.*}}print-config.mlir chunk 3
// CHECK-NEXT: input_output_alias={ {1}: (1, {}, must-alias) }
// CHECK-EMPTY:

// JSON:      {{^}}{"file": "{{.*}}print-config.mlir", "chunk": 0, "output_shape": "f32[2]{0}", "aliases": [{"output_index": [], {{.*}}}{{$}}
// JSON-NEXT: {{^}}{"file": "{{.*}}print-config.mlir", "chunk": 1, "output_shape": "f32[2]{0}", "aliases": [], "donors": [{"parameter_number": 0, "parameter_index": [], "bytes": 8}], {{.*}}}{{$}}
// JSON-NEXT: {{^}}{"file": "{{.*}}print-config.mlir", "chunk": 3, {{.*}}}{{$}}
// JSON-NOT:  -----

// ERR: {{^}}{{.*}}print-config.mlir:42:39: error: Aliasing output must be 0 if only one output exists{{$}}

func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

func.func @main(%arg0: tensor<2xf32> {jax.buffer_donor = true}) -> tensor<2xf32> {
  %0 = "test.op"() : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 1 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [1], must_alias>}) -> (tensor<2xf32>, tensor<2xf32>) {
  return %arg0, %arg1 : tensor<2xf32>, tensor<2xf32>
}
