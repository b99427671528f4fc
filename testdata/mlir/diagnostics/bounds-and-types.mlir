// Errors in the entry signature's types: bounds whose length is not the
// rank, a bound on a static dimension, and an undefined type alias.

// RUN: mhlo-alias --split-input-file --verify-diagnostics %s

// expected-error @+1 {{bounds length is 1, expected to be equal to rank(2) of the tensor}}
func.func @main(%arg0: tensor<?x3xf32, #mhlo.type_extensions<bounds = [8]>>) -> tensor<2xf32> {
  %0 = "test.op"(%arg0) : (tensor<?x3xf32, #mhlo.type_extensions<bounds = [8]>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// expected-error @+1 {{static dimension 1 cannot have a bound, use ? to indicate a missing bound}}
func.func @main(%arg0: tensor<?x3xf32, #stablehlo.bounds<8, 3>>) -> tensor<2xf32> {
  %0 = "test.op"(%arg0) : (tensor<?x3xf32, #stablehlo.bounds<8, 3>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// expected-error @+1 {{undefined symbol alias id 'state'}}
func.func @main(%arg0: !state) -> tensor<2xf32> {
  %0 = "test.op"(%arg0) : (!state) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
