// Older JAX exports (2023) name each argument with jax.arg_info, beside
// mhlo.sharding, and a single result with jax.result_info = "" (no name).
// The tool's own errors name the parameters and outputs; those quoted
// from XLA keep XLA's words.

// RUN: mhlo-alias --split-input-file --verify-diagnostics %s -o /dev/null
// RUN: mhlo-alias --print-config=json %S/Inputs/arg-info.mlir | FileCheck %s --check-prefix=JSON
// RUN: not mhlo-alias --emit=tf %S/Inputs/must-alias.mlir 2>&1 | FileCheck %s --check-prefix=EMIT
// RUN: mhlo-alias --passes=buffer-donation-to-alias --print-config=summary %S/Inputs/arg-info.mlir | FileCheck %s --check-prefix=SUMMARY
// RUN: mhlo-alias --passes=buffer-donation-to-alias --print-config=table %S/Inputs/arg-info.mlir | FileCheck %s --check-prefix=TABLE

// SUMMARY: unused donor: parameter 0 "x" at {}, 48 B

// TABLE:      {} f32[3,4]{1,0} 48 B device may 1 {} inputs['attention_mask']
// TABLE:      0 {} x f32[3,4]{1,0} 48 B device unused: taken: output {} f32[3,4]{1,0} is already aliased with parameter 1 "inputs['attention_mask']" at {}

// EMIT: must-alias.mlir:2:{{[0-9]+}}: error: argument 0 "params" is must-aliased with output index {0} "[0]"; tf.aliasing_output states only may-aliases: use --emit=result-alias or --emit=module

// JSON: "parameters": [{"parameter_number": 0, "name": "x", "shape": "f32[3,4]{1,0}", {{.*}}}, {"parameter_number": 1, "name": "inputs['attention_mask']", {{.*}}}], "outputs": [{"output_index": [], "shape": "f32[3,4]{1,0}", {{.*}}}], "aliases": [{"output_index": [], "parameter_number": 1, "parameter_index": [], "parameter_name": "inputs['attention_mask']", "kind": "may", {{.*}}}], "donors": [{"parameter_number": 0, "parameter_index": [], "name": "x", {{.*}}}]

module @jit_func {
  func.func public @main(%arg0: tensor<3x4xf32> {jax.arg_info = "x", mhlo.sharding = "{replicated}", tf.aliasing_output = 0 : i32},
// expected-error @+1 {{output index {} is aliased twice: by tf.aliasing_output at}}
                         %arg1: tensor<3x4xf32> {jax.arg_info = "y", mhlo.sharding = "{replicated}", tf.aliasing_output = 0 : i32}) -> (tensor<3x4xf32> {jax.result_info = ""}) {
    return %arg0 : tensor<3x4xf32>
  }
}

// -----

module @jit_func {
  func.func public @main(%arg0: tensor<3x4xf32> {jax.arg_info = "x", tf.aliasing_output = 0 : i32},
// expected-error @+1 {{output index {0} "[0]" is aliased twice: by tf.aliasing_output at}}
                         %arg1: tensor<3x4xf32> {jax.arg_info = "y", tf.aliasing_output = 0 : i32}) -> (tensor<3x4xf32> {jax.result_info = "[0]"}, tensor<f32> {jax.result_info = "[1]"}) {
    return %arg0 : tensor<3x4xf32>
  }
}

// -----

module @jit_func {
// expected-error @+1 {{buffer donor parameter 0 "token" at {} is not an array: token[]}}
  func.func public @main(%arg0: !stablehlo.token {jax.arg_info = "token", jax.buffer_donor = true}) -> (tensor<f32> {jax.result_info = ""}) {
    %0 = stablehlo.constant dense<0.0> : tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

module @jit_func {
// expected-error @+1 {{Expected aliased input 0 at index {} and output at index {} to have the same size. Input sub-shape is f32[3,4]{1,0} with size 48, output sub-shape is f32[4]{0} with size 16}}
  func.func public @main(%arg0: tensor<3x4xf32> {jax.arg_info = "x", tf.aliasing_output = 0 : i32}) -> (tensor<4xf32> {jax.result_info = "out"}) {
    %0 = stablehlo.constant dense<0.0> : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----

module @jit_func {
// expected-error @+1 {{tf.aliasing_output of argument 0 "x" must be an integer}}
  func.func public @main(%arg0: tensor<4xf32> {jax.arg_info = "x", tf.aliasing_output = "0"}) -> (tensor<4xf32> {jax.result_info = ""}) {
    return %arg0 : tensor<4xf32>
  }
}
