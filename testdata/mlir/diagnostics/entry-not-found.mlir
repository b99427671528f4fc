// No entry function of the given name is an error that lists the functions
// found; exit status 1 and no output.

// RUN: not mhlo-alias %s 2>&1 | FileCheck %s --implicit-check-not=func.func
// RUN: not mhlo-alias --entry=step %s 2>&1 | FileCheck %s --check-prefix=STEP --implicit-check-not=func.func
// RUN: not mhlo-alias --print-config --entry=Forward %s 2>&1 | FileCheck %s --check-prefix=CASE --implicit-check-not=Hlo

// CHECK: {{^}}{{.*}}entry-not-found.mlir:{{[0-9]+}}:{{[0-9]+}}: error: entry function @main not found; functions found: {{(@backward, @forward|@forward, @backward)}}{{$}}
// STEP: {{^}}{{.*}}entry-not-found.mlir:{{[0-9]+}}:{{[0-9]+}}: error: entry function @step not found; functions found: {{(@backward, @forward|@forward, @backward)}}{{$}}
// CASE: {{^}}{{.*}}entry-not-found.mlir:{{[0-9]+}}:{{[0-9]+}}: error: entry function @Forward not found; functions found: {{(@backward, @forward|@forward, @backward)}}{{$}}

module @m {
  func.func @forward(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
    return %arg0 : tensor<2xf32>
  }
  func.func private @backward(%arg0: tensor<2xf32>) -> tensor<2xf32> {
    return %arg0 : tensor<2xf32>
  }
}
