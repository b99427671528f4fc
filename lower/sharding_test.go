package lower

import (
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// deviceParam is parameter p's shape on one device, printed.
func deviceParam(t *testing.T, cfg *model.Config, p int64, index model.ShapeIndex) string {
	t.Helper()
	s, ok := cfg.DeviceParam(p, index)
	if !ok {
		t.Fatalf("no parameter %d at %s", p, index)
	}
	return s.String()
}

// TestShardings reads mhlo.sharding and sdy.sharding on arguments and
// results, and mhlo.num_partitions, into per-device shapes.
func TestShardings(t *testing.T) {
	src := `module attributes {mhlo.num_partitions = 2 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=4]>
  func.func @main(%a: tensor<16xf32> {mhlo.sharding = "{devices=[2]<=[2]}"},
                  %b: tuple<tensor<8xf32>, tensor<6x4xf32>> {mhlo.sharding = "{{replicated}, {devices=[2,1]<=[2]}}"},
                  %c: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>})
      -> (tensor<8xf32> {mhlo.sharding = "{devices=[2]<=[2]}"}, tensor<4xf32>) {
    return
  }
}
`
	cfg, diags := lowerText(t, src, Options{})
	if diags.HasErrors() || len(diags) > 0 {
		t.Fatal(diags)
	}
	p := cfg.Sharding
	if p.Partitions != 2 || p.Partitioned || !cfg.PerDevice() {
		t.Errorf("partitions %d, partitioned %v, per device %v; want 2, false, true", p.Partitions, p.Partitioned, cfg.PerDevice())
	}
	for _, c := range []struct {
		param int64
		index model.ShapeIndex
		want  string
	}{{0, nil, "f32[8]"}, {1, model.ShapeIndex{0}, "f32[8]"}, {1, model.ShapeIndex{1}, "f32[3,4]"}, {2, nil, "f32[4,4]"}} {
		if got := deviceParam(t, cfg, c.param, c.index); got != c.want {
			t.Errorf("parameter %d at %s on a device: %s, want %s", c.param, c.index, got, c.want)
		}
	}
	if s, _ := cfg.DeviceOutput(model.ShapeIndex{0}); s.String() != "f32[4]" {
		t.Errorf("output {0} on a device: %s, want f32[4]", s)
	}
	if s, _ := cfg.DeviceOutput(model.ShapeIndex{1}); s.String() != "f32[4]" {
		t.Errorf("output {1} on a device: %s, want f32[4]", s)
	}
	if got := p.OutputUnspecified; len(got) != 2 || got[0] || !got[1] {
		t.Errorf("OutputUnspecified %v, want [false true]", got)
	}
	if s := cfg.ParamSharding(0, nil); s.String() != "{devices=[2]<=[2]}" {
		t.Errorf("parameter 0's sharding prints %s", s)
	}
}

// TestShardingsTupleArgs makes the arguments' shardings one tuple
// sharding with --use-tuple-args, and reads a single result's sharding as
// the output's.
func TestShardingsTupleArgs(t *testing.T) {
	src := strings.Replace(fn(`%a: tensor<16xf32> {mhlo.sharding = "{devices=[4]<=[4]}"}, %b: tensor<8xf32>`, `tensor<8xf32> {mhlo.sharding = "{devices=[2]<=[2]}"}`),
		"module {", "module attributes {mhlo.num_partitions = 4 : i32} {", 1)
	cfg, diags := lowerText(t, src, Options{UseTupleArgs: true})
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	if got := deviceParam(t, cfg, 0, model.ShapeIndex{0}); got != "f32[4]" {
		t.Errorf("argument 0 on a device: %s, want f32[4]", got)
	}
	if got := deviceParam(t, cfg, 0, model.ShapeIndex{1}); got != "f32[8]" {
		t.Errorf("argument 1 on a device: %s, want f32[8]", got)
	}
	if s, _ := cfg.DeviceOutput(nil); s.String() != "f32[4]" {
		t.Errorf("the output on a device: %s, want f32[4]", s)
	}
	if cfg.Sharding.Partitions != 4 || !cfg.PerDevice() {
		t.Errorf("partitions %d, per device %v; want 4 and true", cfg.Sharding.Partitions, cfg.PerDevice())
	}
	// Without mhlo.num_partitions the module runs on one partition, XLA's
	// default: nothing is divided, whatever the shardings.
	cfg, _ = lowerText(t, strings.Replace(src, "attributes {mhlo.num_partitions = 4 : i32} ", "", 1), Options{UseTupleArgs: true})
	if got := deviceParam(t, cfg, 0, model.ShapeIndex{0}); got != "f32[16]" || cfg.Sharding.Partitions != 1 {
		t.Errorf("without mhlo.num_partitions: argument 0 on a device %s, partitions %d; want f32[16] and 1", got, cfg.Sharding.Partitions)
	}
}

// TestShardingWarnings gives a warning at the byte where a sharding goes
// wrong, escapes counted, and sizes the value globally.
func TestShardingWarnings(t *testing.T) {
	tests := []struct{ name, attrs, want string }{
		{"malformed", `mhlo.sharding = "{devices=[2]<=[3]}"`, `argument 0: mhlo.sharding {devices=[2]<=[3]} does not read: `},
		{"not a string", `mhlo.sharding = 3 : i32`, "argument 0: mhlo.sharding must be a string"},
		{"unknown mesh", `sdy.sharding = #sdy.sharding<@nowhere, [{"x"}]>`, "argument 0: sdy.sharding #sdy.sharding<@nowhere, [{\"x\"}]> does not read: "},
		{"tuple of two for one leaf", `mhlo.sharding = "{{replicated}, {replicated}}"`, "does not fit its type f32[16]"},
	}
	for _, tt := range tests {
		src := "module attributes {mhlo.num_partitions = 2 : i32} {\n  func.func @main(%a: tensor<16xf32> {" + tt.attrs + "}) -> tensor<16xf32> {\n    return\n  }\n}\n"
		cfg, diags := lowerText(t, src, Options{})
		if cfg == nil || len(diags) != 1 || diags.HasErrors() || !strings.Contains(diags[0].Msg, tt.want) {
			t.Errorf("%s: %v, want one warning with %q", tt.name, diags, tt.want)
			continue
		}
		if s := cfg.ParamSharding(0, nil); s != nil {
			t.Errorf("%s: parameter 0 is sharded %s", tt.name, s)
		}
		if got := deviceParam(t, cfg, 0, nil); got != "f32[16]" {
			t.Errorf("%s: parameter 0 on a device: %s, want f32[16]", tt.name, got)
		}
		if d := diags[0]; d.Pos.Line != 2 || d.Pos.Column < strings.Index(src, tt.attrs)-strings.Index(src, "\n") {
			t.Errorf("%s: warning at %s, not in the attribute", tt.name, d.Pos)
		}
	}
}

// TestNumPartitionsWarnings ignores an mhlo.num_partitions that is not a
// positive integer, with a warning.
func TestNumPartitionsWarnings(t *testing.T) {
	for _, v := range []string{"0 : i32", `"two"`, "#undefined", "[2]"} {
		src := "module attributes {mhlo.num_partitions = " + v + "} {\n  func.func @main(%a: tensor<16xf32>) -> tensor<16xf32>\n}\n"
		cfg, diags := lowerText(t, src, Options{})
		if cfg == nil || len(diags) != 1 || !strings.Contains(diags[0].Msg, "mhlo.num_partitions must be a positive integer") || cfg.Sharding.Partitions != 1 {
			t.Errorf("mhlo.num_partitions = %s: %v", v, diags)
		}
	}
}

// TestNoShardings leaves a module without shardings unsharded, with
// nothing allocated for them.
func TestNoShardings(t *testing.T) {
	cfg, diags := lowerText(t, fn("%a: tensor<16xf32>", "tensor<16xf32>"), Options{})
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	if p := cfg.Sharding; p.Params != nil || p.Output != nil || p.OutputUnspecified != nil || p.Partitions != 1 || cfg.PerDevice() {
		t.Errorf("a module without shardings has %+v", p)
	}
}
