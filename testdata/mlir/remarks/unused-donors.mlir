// --unused-donors: after the last pass, each donor still registered is a
// warning (warn) or an error (error) at its argument; error fails the run
// and writes nothing. The default, ignore, says nothing.

// RUN: mhlo-alias --passes=buffer-donation-to-alias --unused-donors=warn --verify-diagnostics %s -o /dev/null
// RUN: mhlo-alias --passes=buffer-donation-to-alias --unused-donors=warn %s 2>&1 >/dev/null | FileCheck %s --check-prefix=WARN
// RUN: rm -f %t.out
// RUN: not mhlo-alias --passes=buffer-donation-to-alias --unused-donors=error %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERROR
// RUN: not test -e %t.out
// RUN: mhlo-alias --passes=buffer-donation-to-alias %s 2>&1 >/dev/null | FileCheck %s --check-prefix=IGNORE --allow-empty
// RUN: not mhlo-alias --unused-donors=fail %s 2>&1 | FileCheck %s --check-prefix=USAGE

// WARN:     {{^}}{{.*}}unused-donors.mlir:[[@LINE+11]]:17: warning: donor parameter 1 at {} is not used by any output{{$}}
// WARN-NOT: warning
// ERROR:     {{^}}{{.*}}unused-donors.mlir:[[@LINE+9]]:17: error: donor parameter 1 at {} is not used by any output{{$}}
// ERROR-NOT: error
// IGNORE-NOT: donor
// USAGE: mhlo-alias: invalid --unused-donors=fail: valid values are ignore, warn, error

// The donor of parameter 0 becomes an alias of output {0}; the f32[8,4]
// donor matches nothing and is reported.
func.func @main(%arg0: tensor<4x8xf32> {jax.buffer_donor = true},
// expected-warning @+1 {{donor parameter 1 at {} is not used by any output}}
                %arg1: tensor<8x4xf32> {jax.buffer_donor = true})
    -> (tensor<4x8xf32>, tensor<32xf32>) {
  %0 = "test.op"() : () -> tensor<32xf32>
  return %arg0, %0 : tensor<4x8xf32>, tensor<32xf32>
}
