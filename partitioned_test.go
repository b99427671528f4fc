package mhloalias

import "testing"

// TestPartitionedOption overrides each front end's guess of whether the
// entry's shapes are already per device.
func TestPartitionedOption(t *testing.T) {
	mlir := "module attributes {mhlo.num_partitions = 2 : i32} {\n  func.func @main(%a: tensor<16xf32>) -> tensor<16xf32> {\n    return %a : tensor<16xf32>\n  }\n}\n"
	hlo := "HloModule m, num_partitions=2\n\nENTRY %main.2_spmd {\n  ROOT %p = f32[16]{0} parameter(0)\n}\n"
	for _, c := range []struct {
		name, src, mode string
		perDevice       bool
	}{
		{"m.mlir", mlir, "", true}, {"m.mlir", mlir, "auto", true}, {"m.mlir", mlir, "yes", false}, {"m.mlir", mlir, "no", true},
		{"m.hlo", hlo, "", false}, {"m.hlo", hlo, "yes", false}, {"m.hlo", hlo, "no", true},
	} {
		res, err := Process(c.name, []byte(c.src), Options{Partitioned: c.mode})
		if err != nil || !res.OK() {
			t.Fatalf("%s --partitioned=%s: %v %v", c.name, c.mode, err, res.Diagnostics())
		}
		if got := res.Modules[0].Config.PerDevice(); got != c.perDevice {
			t.Errorf("%s --partitioned=%s: per device %v, want %v", c.name, c.mode, got, c.perDevice)
		}
	}
}
