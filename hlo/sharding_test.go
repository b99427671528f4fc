package hlo

import (
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

func lowerHLO(t *testing.T, src string) (*model.Config, ast.ErrorList) {
	t.Helper()
	f, err := ParseFile("t.hlo", []byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	return Lower(f, []byte(src))
}

// shapeOn is a device's part of parameter p at index, or of the output
// for p < 0, printed.
func shapeOn(cfg *model.Config, p int64, index model.ShapeIndex) string {
	s, _ := cfg.DeviceParam(p, index)
	if p < 0 {
		s, _ = cfg.DeviceOutput(index)
	}
	return s.String()
}

const shardedHLO = `HloModule jit_f, entry_computation_layout={(f32[16]{0}, (f32[8]{0}, f32[6,4]{1,0}), f32[8,16]{1,0})->(f32[16]{0}, f32[4]{0})}, num_partitions=2, frontend_attributes={xla.sdy.meshes={mesh = #sdy.mesh<["x"=2, "y"=4]>, maximal = #sdy.mesh<[], device_ids=[0]>}}

ENTRY %main.9 (p0: f32[16], p1: (f32[8], f32[6,4]), p2: f32[8,16]) -> (f32[16], f32[4]) {
  %p0 = f32[16]{0} parameter(0), sharding={devices=[2]<=[2]}
  %p1 = (f32[8]{0}, f32[6,4]{1,0}) parameter(1), sharding={{replicated}, {devices=[2,1]<=[2]}}
  %p2 = f32[8,16]{1,0} parameter(2), frontend_attributes={xla.sdy.sharding="#sdy.sharding<@mesh, [{\"x\"}, {\"y\"}]>"}
  %s = f32[4]{0} slice(%p1), slice={[0:4]}
  ROOT %t = (f32[16]{0}, f32[4]{0}) tuple(%p0, %s), sharding={{replicated}, {devices=[2]<=[2]}}
}
`

// TestShardings reads sharding= on the parameters and the ROOT,
// xla.sdy.sharding with the header's meshes, and num_partitions.
func TestShardings(t *testing.T) {
	cfg, diags := lowerHLO(t, shardedHLO)
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	if p := cfg.Sharding; p.Partitions != 2 || p.Partitioned || !cfg.PerDevice() {
		t.Errorf("partitions %d, partitioned %v, per device %v; want 2, false, true", p.Partitions, p.Partitioned, cfg.PerDevice())
	}
	for _, c := range []struct {
		param int64
		index model.ShapeIndex
		want  string
	}{
		{0, nil, "f32[8]"}, {1, model.ShapeIndex{0}, "f32[8]"}, {1, model.ShapeIndex{1}, "f32[3,4]"}, {2, nil, "f32[4,4]"},
		{-1, model.ShapeIndex{0}, "f32[16]"}, {-1, model.ShapeIndex{1}, "f32[2]"},
	} {
		if got := shapeOn(cfg, c.param, c.index); got != c.want {
			t.Errorf("parameter %d (-1: the output) at %s on a device: %s, want %s", c.param, c.index, got, c.want)
		}
	}
}

// TestPartitionedEntry leaves the shapes of an entry XLA's partitioner
// renamed ..._spmd undivided, and reads a header without num_partitions
// as one partition.
func TestPartitionedEntry(t *testing.T) {
	src := strings.Replace(shardedHLO, "%main.9 ", "%main.9_spmd ", 1)
	cfg, diags := lowerHLO(t, src)
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	if !cfg.Sharding.Partitioned || cfg.PerDevice() || shapeOn(cfg, 0, nil) != "f32[16]" {
		t.Errorf("an _spmd entry: partitioned %v, per device %v, parameter 0 %s on a device", cfg.Sharding.Partitioned, cfg.PerDevice(), shapeOn(cfg, 0, nil))
	}
	cfg, diags = lowerHLO(t, strings.Replace(shardedHLO, ", num_partitions=2", "", 1))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	if cfg.Sharding.Partitions != 1 || cfg.PerDevice() || cfg.ParamSharding(0, nil) == nil {
		t.Errorf("no num_partitions: %d partitions, per device %v", cfg.Sharding.Partitions, cfg.PerDevice())
	}
}

// TestShardingWarnings gives a warning at the byte where a sharding goes
// wrong and sizes the value globally.
func TestShardingWarnings(t *testing.T) {
	for _, c := range []struct{ from, to, want string }{
		{"sharding={devices=[2]<=[2]}", "sharding={devices=[2]<=[3]}", `parameter 0 "p0": sharding={devices=[2]<=[3]} does not read: `},
		{`@mesh, [{\"x\"}`, `@nowhere, [{\"x\"}`, `parameter 2 "p2": xla.sdy.sharding="#sdy.sharding<@nowhere`},
		{"sharding={devices=[2]<=[2]}", "sharding={{replicated}, {replicated}}", "does not fit its shape f32[16]"},
		{"num_partitions=2", "num_partitions=two", "num_partitions=two is not a positive integer"},
		{`maximal = #sdy.mesh<[], device_ids=[0]>`, `maximal = #sdy.mesh<["x"=two]>`, "xla.sdy.meshes: mesh maximal does not read: "},
	} {
		src := strings.Replace(shardedHLO, c.from, c.to, 1)
		cfg, diags := lowerHLO(t, src)
		if cfg == nil || len(diags) != 1 || diags.HasErrors() || !strings.Contains(diags[0].Msg, c.want) {
			t.Errorf("%s: %v, want one warning with %q", c.to, diags, c.want)
			continue
		}
		line := strings.Count(src[:strings.Index(src, c.to)], "\n") + 1
		if d := diags[0]; d.Pos.Line != line || d.Pos.Offset < strings.Index(src, c.to) || d.Pos.Offset > strings.Index(src, c.to)+len(c.to) {
			t.Errorf("%s: warning at %s (offset %d), not in %q on line %d", c.to, d.Pos, d.Pos.Offset, c.to, line)
		}
	}
}

// TestTupleShardingPerShape: two parameters whose tuple shardings are
// spelled alike but whose tuples nest differently each get the sharding
// nested as their own type.
func TestTupleShardingPerShape(t *testing.T) {
	const sh = `sharding={{devices=[2]<=[2]}, {replicated}, {replicated}}`
	src := `HloModule m, entry_computation_layout={(((f32[8]{0}, f32[8]{0}), f32[8]{0}), (f32[8]{0}, (f32[8]{0}, f32[8]{0})))->f32[8]{0}}, num_partitions=2

ENTRY %main (p0: ((f32[8], f32[8]), f32[8]), p1: (f32[8], (f32[8], f32[8]))) -> f32[8] {
  %p0 = ((f32[8]{0}, f32[8]{0}), f32[8]{0}) parameter(0), ` + sh + `
  %p1 = (f32[8]{0}, (f32[8]{0}, f32[8]{0})) parameter(1), ` + sh + `
  ROOT %r = f32[8]{0} negate(%p0)
}
`
	cfg, diags := lowerHLO(t, src)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for _, c := range []struct {
		p     int64
		index model.ShapeIndex
		want  string
	}{{0, model.ShapeIndex{0, 0}, "f32[4]"}, {0, model.ShapeIndex{0, 1}, "f32[8]"}, {1, model.ShapeIndex{0}, "f32[4]"}, {1, model.ShapeIndex{1, 0}, "f32[8]"}} {
		if got := shapeOn(cfg, c.p, c.index); got != c.want {
			t.Errorf("parameter %d at %s on a device: %s, want %s", c.p, c.index, got, c.want)
		}
	}
}
