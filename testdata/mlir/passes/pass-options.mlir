// Pass options in MLIR's pipeline syntax (decisions.md, "Upstream's
// donation pass, and pass options"; docs/passes.md, "Pass options"):
// `pass{name=value other=value}`, spaces between options, commas between
// passes only outside braces. An unknown option, a bad value, an option on
// a pass that has none, or unbalanced braces is a usage error (exit status
// 2; `not` accepts any non-zero status) naming the pass and its options;
// nothing is printed on stdout.

// RUN: mhlo-alias "--passes=xla-buffer-donation{registered-donors-only=false},flip-may-aliases" --print-config=short %s | FileCheck %s --check-prefix=TWO
// RUN: mhlo-alias "--passes= xla-buffer-donation{ registered-donors-only=0 } ,flip-may-aliases" --print-config=short %s | FileCheck %s --check-prefix=TWO
// RUN: mhlo-alias "--passes=xla-buffer-donation{registered-donors-only=\"false\"},flip-may-aliases" --print-config=short %s | FileCheck %s --check-prefix=TWO
// RUN: mhlo-alias "--passes=xla-buffer-donation{},flip-may-aliases" --print-config=short %s | FileCheck %s --check-prefix=DEFAULT
// RUN: mhlo-alias "--passes=xla-buffer-donation{registered-donors-only=True}" --print-config=short %s | FileCheck %s --check-prefix=DONOR

// registered-donors-only=false: parameter 0 (no donor) takes {0}, then
// flip-may-aliases makes both aliases must.
// TWO: {{^}}input_output_alias={ {0}: (0, {}, must-alias), {1}: (1, {}, must-alias) }{{$}}
// Default (true): only the donor 1 is paired, with {0}.
// DEFAULT: {{^}}input_output_alias={ {0}: (1, {}, must-alias) }{{$}}
// DONOR: {{^}}input_output_alias={ {0}: (1, {}, may-alias) }{{$}}

// RUN: not mhlo-alias "--passes=xla-buffer-donation{registered-donors-only=maybe}" --print-config %s 2>&1 | FileCheck %s --check-prefix=VALUE --implicit-check-not=input_output_alias
// RUN: not mhlo-alias "--passes=optimize_input_output_buffer_alias{registered_donors_only=false}" --print-config %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN --implicit-check-not=input_output_alias
// RUN: not mhlo-alias "--passes=remove-aliases{registered-donors-only=false}" --print-config %s 2>&1 | FileCheck %s --check-prefix=NONE --implicit-check-not=input_output_alias
// RUN: not mhlo-alias "--passes=xla-buffer-donation{registered-donors-only=false,flip-may-aliases" --print-config %s 2>&1 | FileCheck %s --check-prefix=BRACES --implicit-check-not=input_output_alias
// RUN: not mhlo-alias "--passes=xla-buffer-donation{registered-donors-only=1 registered-donors-only=0}" --print-config %s 2>&1 | FileCheck %s --check-prefix=TWICE --implicit-check-not=input_output_alias
// RUN: not mhlo-alias "--passes=xla-buffer-donation,nope{x=1}" --print-config %s 2>&1 | FileCheck %s --check-prefix=PASS --implicit-check-not=input_output_alias

// VALUE: {{^}}mhlo-alias: invalid value "maybe" for option registered-donors-only of pass optimize_input_output_buffer_alias: expected true or false; valid options are registered-donors-only=<bool> (default true){{$}}
// UNKNOWN: {{^}}mhlo-alias: unknown option "registered_donors_only" for pass optimize_input_output_buffer_alias; valid options are registered-donors-only=<bool> (default true){{$}}
// NONE: {{^}}mhlo-alias: pass remove-aliases takes no options, but "registered-donors-only" was given{{$}}
// A comma inside open braces does not end the pass: the braces never close.
// BRACES: {{^}}mhlo-alias: malformed options of pass optimize_input_output_buffer_alias in "xla-buffer-donation{registered-donors-only=false,flip-may-aliases": expected `xla-buffer-donation{name=value ...}`{{$}}
// TWICE: {{^}}mhlo-alias: option registered-donors-only of pass optimize_input_output_buffer_alias is given twice{{$}}
// PASS: {{^}}mhlo-alias: unknown pass "nope"; valid passes are {{.*}}, optimize_input_output_buffer_alias (xla-buffer-donation), jax-donation{{$}}

func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<4xf32> {jax.buffer_donor = true}) -> (tensor<4xf32>, tensor<4xf32>) {
  return %arg1, %arg0 : tensor<4xf32>, tensor<4xf32>
}
