// A dictionary left empty is removed with the space before it; results'
// dictionaries and everything else on the line stay; an argument that had
// no dictionary gets one after its type. (An alias that ends up as it was
// leaves its dictionary untouched.)

// RUN: mhlo-alias --passes=remove-aliases %s | FileCheck %s --strict-whitespace
// RUN: mhlo-alias --passes=remove-aliases,add-may-aliases %s | FileCheck %s --strict-whitespace --check-prefix=ADD

// CHECK:      {{^}}func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<3xf32>  , %arg2: tensor<2xf32> loc("x")) -> (tensor<2xf32> {mhlo.layout_mode = "default"}, tensor<3xf32>) {{[{]$}}
// CHECK-NEXT: {{^}}  return %arg0, %arg1 : tensor<2xf32>, tensor<3xf32>{{$}}

// ADD:      {{^}}func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}, %arg1: tensor<3xf32>   {mhlo.result_alias = #mhlo.result_alias<result_index = [1]>}  , %arg2: tensor<2xf32> loc("x")) -> (tensor<2xf32> {mhlo.layout_mode = "default"}, tensor<3xf32>) {{[{]$}}

func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}, %arg1: tensor<3xf32>   {mhlo.result_alias = #mhlo.result_alias<result_index = [1]>}  , %arg2: tensor<2xf32> loc("x")) -> (tensor<2xf32> {mhlo.layout_mode = "default"}, tensor<3xf32>) {
  return %arg0, %arg1 : tensor<2xf32>, tensor<3xf32>
}
