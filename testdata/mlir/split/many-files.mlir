// With several files, --print-config labels each module "// FILE" in the
// long, short and summary forms, and json is JSON Lines: one object per
// module with "file" (as given) and "chunk" (from 0), no separators.
// Standard input is "<stdin>".

// RUN: mhlo-alias --print-config=json %s - < %s | FileCheck %s --check-prefix=JSON
// RUN: mhlo-alias --print-config=short %s %s | FileCheck %s --check-prefix=SHORT --match-full-lines
// RUN: mhlo-alias --print-config=short %s | FileCheck %s --check-prefix=ONE --match-full-lines

// JSON:      {{^}}{"file": "{{.*}}many-files.mlir", "chunk": 0, "output_shape": "f32[2]{0}", "aliases": [{"output_index": [], "parameter_number": 0, {{.*}}}{{$}}
// JSON-NEXT: {{^}}{"file": "<stdin>", "chunk": 0, "output_shape": "f32[2]{0}", {{.*}}}{{$}}
// JSON-NOT:  {{.}}

// SHORT:      // {{.*}}many-files.mlir
// SHORT-NEXT: input_output_alias={ {}: (0, {}, may-alias) }
// SHORT-NEXT: // {{.*}}many-files.mlir
// SHORT-NEXT: input_output_alias={ {}: (0, {}, may-alias) }
// SHORT-EMPTY:

// One file, one module: no label.
// ONE:      input_output_alias={ {}: (0, {}, may-alias) }
// ONE-EMPTY:

func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
