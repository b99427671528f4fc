// Layout errors: mhlo.layout_mode disagreeing with the module's explicit
// layout for the same value ("auto" always does, "default" unless the
// layout is the default one), a wrong number of entries, a layout that is
// not a permutation of the dimensions, and malformed layout modes.

// RUN: mhlo-alias --split-input-file --verify-diagnostics %s

module attributes {mhlo.xla_entry_computation_parameter_layouts = [dense<[1, 0]> : tensor<2xindex>]} {
  // expected-error @+1 {{mhlo.layout_mode "auto" of argument 0 disagrees with its layout f32[2,3]{1,0} from mhlo.xla_entry_computation_parameter_layouts}}
  func.func @main(%arg0: tensor<2x3xf32> {mhlo.layout_mode = "auto"}) -> tensor<2x3xf32> {
    return %arg0 : tensor<2x3xf32>
  }
}

// -----

module attributes {mhlo.xla_entry_computation_result_layout = [dense<[0, 1]> : tensor<2xindex>]} {
  // expected-error @+1 {{mhlo.layout_mode "default" of result 0 disagrees with its layout f32[2,3]{0,1} from mhlo.xla_entry_computation_result_layout}}
  func.func @main(%arg0: tensor<2x3xf32>) -> (tensor<2x3xf32> {mhlo.layout_mode = "default"}) {
    return %arg0 : tensor<2x3xf32>
  }
}

// -----

module attributes {mhlo.xla_entry_computation_parameter_layouts = [dense<[1, 0]> : tensor<2xindex>]} {
  // expected-error @+1 {{mhlo.layout_mode "{0,1}" of argument 0 disagrees with its layout f32[2,3]{1,0} from mhlo.xla_entry_computation_parameter_layouts}}
  func.func @main(%arg0: tensor<2x3xf32> {mhlo.layout_mode = "{0,1}"}) -> tensor<2x3xf32> {
    return %arg0 : tensor<2x3xf32>
  }
}

// -----

// expected-error @+1 {{mhlo.xla_entry_computation_parameter_layouts has 1 entries, but the entry function has 2}}
module attributes {mhlo.xla_entry_computation_parameter_layouts = [dense<[1, 0]> : tensor<2xindex>]} {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>) -> tensor<2x3xf32> {
    return %arg0 : tensor<2x3xf32>
  }
}

// -----

// expected-error @+1 {{layout {0,0} of argument 0 is not a permutation of the dimensions of f32[2,3]}}
module attributes {mhlo.xla_entry_computation_parameter_layouts = [dense<[0, 0]> : tensor<2xindex>]} {
  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
    return %arg0 : tensor<2x3xf32>
  }
}

// -----

// expected-error @+1 {{mhlo.layout_mode of result 0 must be "default", "auto" or a layout such as "{1,0}" for an array, got "fastest"}}
func.func @main(%arg0: tensor<2x3xf32>) -> (tensor<2x3xf32> {mhlo.layout_mode = "fastest"}) {
  return %arg0 : tensor<2x3xf32>
}

// -----

// expected-error @+1 {{layout {2,0,1} of argument 0 is not a permutation of the dimensions of f32[2,3]}}
func.func @main(%arg0: tensor<2x3xf32> {mhlo.layout_mode = "{2,0,1}"}) -> tensor<2x3xf32> {
  return %arg0 : tensor<2x3xf32>
}

// -----

// expected-error @+1 {{mhlo.layout_mode must be a string}}
func.func @main(%arg0: tensor<2x3xf32> {mhlo.layout_mode = 1 : i32}) -> tensor<2x3xf32> {
  return %arg0 : tensor<2x3xf32>
}
