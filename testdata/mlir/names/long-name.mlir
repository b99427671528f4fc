// A name longer than 80 characters is cut in text, to its first 77 and
// "...", and written whole in the JSON record. Quotes and escapes in a
// name are undone when it is read and printed as Go quotes them.

// RUN: mhlo-alias --unused-donors=warn %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: mhlo-alias --print-config=json %s | FileCheck %s --check-prefix=JSON

// WARN: warning: donor parameter 0 "jit(train_step)/jit(main)/transformer/encoder/layers_11/attention/query/kerne..." at {} f32[4]{0} is not used by any output: none: {{.*}}
// WARN: warning: donor parameter 1 "[\"out\"]\n" at {} f32[2]{0} is not used by any output: none: {{.*}}

// JSON: "parameters": [{"parameter_number": 0, "name": "jit(train_step)/jit(main)/transformer/encoder/layers_11/attention/query/kernel/value", {{.*}}}, {"parameter_number": 1, "name": "[\"out\"]\u000a", {{.*}}}]

func.func @main(%a: tensor<4xf32> {jax.buffer_donor = true} loc("jit(train_step)/jit(main)/transformer/encoder/layers_11/attention/query/kernel/value"),
                %b: tensor<2xf32> {jax.buffer_donor = true} loc("[\22out\22]\0A")) -> tensor<8xf32> {
  %0 = stablehlo.constant dense<0.0> : tensor<8xf32>
  return %0 : tensor<8xf32>
}
