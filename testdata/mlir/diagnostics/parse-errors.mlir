// Input the reader cannot take is an error with a position, never a crash:
// an unbalanced brace, a redefined attribute alias, a generic-form
// arg_attrs array of the wrong length, a second top-level module, and a
// redefined entry function.

// RUN: mhlo-alias --split-input-file --verify-diagnostics %s

// expected-error @+1 {{unbalanced '{': no matching '}'}}
module {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
    return %arg0 : tensor<2xf32>
  }

// -----

#a = #mhlo.result_alias<result_index = [0]>
// expected-error @+1 {{redefinition of alias #a}}
#a = #mhlo.result_alias<result_index = [1]>
func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #a}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

"builtin.module"() ({
  // expected-error @+1 {{expects argument attribute array to have the same number of elements as the number of function arguments, got 1, but expected 2}}
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>):
    "func.return"(%arg1) : (tensor<8xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----

module @one {
}
// expected-error @+1 {{expected at most one top-level module}}
module @two {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
    return %arg0 : tensor<2xf32>
  }
}

// -----

func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
// expected-error @+1 {{redefinition of symbol named 'main'}}
func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

// A string in the entry function's signature is lexed as MLIR lexes it:
// an escape other than \" \\ \n \t and two hex digits is an error.
// expected-error @+1 {{unknown escape in string literal}}
func.func @main(%arg0: tensor<2xf32> {jax.buffer_donor = true, x.note = "a\4a \z"}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

// expected-error @+1 {{expected '"' in string literal}}
func.func @main(%arg0: tensor<2xf32> {x.note = "two
lines"}) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
