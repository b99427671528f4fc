// A sharding that does not read is a warning at the byte where it goes
// wrong, in the words of XLA's reader (escapes counted: \22 is one
// character of the HloSharding text), and its value is sized globally;
// the run succeeds. Under --verify-diagnostics each is an error, as XLA
// reports it, matched with expected-error.

// RUN: mhlo-alias --verify-diagnostics --print-config=short %s | FileCheck %s --check-prefix=CONFIG
// RUN: mhlo-alias --print-config=json %s 2>%t.err | FileCheck %s --check-prefix=JSON
// RUN: FileCheck %s < %t.err

// CONFIG: buffer_donor={ (0, {}), (1, {}) }
// JSON: "parameters": [{"parameter_number": 0, "shape": "f32[16]{0}", "bytes": 64, "memory_space": 0, "device_shape": "f32[16]{0}"}, {"parameter_number": 1, "shape": "f32[16]{0}", "bytes": 64, "memory_space": 0, "device_shape": "f32[16]{0}"}, {"parameter_number": 2,

// CHECK: malformed.mlir:[[@LINE+6]]:57: warning: argument 0: mhlo.sharding {devices=[2]<=[3]} does not read: the iota device list has 3 devices but the tile assignment dimensions have 2; it is sized globally
// CHECK: malformed.mlir:[[@LINE+7]]:101: warning: argument 1: mhlo.sharding {devices=[2]<=[2] metadata={op_name=\22x\22} bogus} does not read: unexpected token; it is sized globally
// CHECK: malformed.mlir:[[@LINE+8]]:77: warning: argument 2: sdy.sharding #sdy.sharding<@mesh, [{"q"}]> does not read: unknown axis name: "q"; it is sized globally
module attributes {mhlo.num_partitions = 2 : i32} {
  sdy.mesh @mesh = <["x"=2]>
  // expected-error @+1 {{the iota device list has 3 devices but the tile assignment dimensions have 2}}
  func.func @main(%a: tensor<16xf32> {mhlo.sharding = "{devices=[2]<=[3]}", jax.buffer_donor = true},
                  // expected-error @+1 {{unexpected token}}
                  %b: tensor<16xf32> {mhlo.sharding = "{devices=[2]<=[2] metadata={op_name=\22x\22} bogus}", jax.buffer_donor = true},
                  // expected-error @+1 {{unknown axis name: "q"}}
                  %c: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"q"}]>},
                  %d: tensor<16xf32> {mhlo.sharding = "{devices=[2]<=[2]}"}) -> tensor<8xf32> {
    %0 = "test.op"() : () -> tensor<8xf32>
    return %0 : tensor<8xf32>
  }
}
