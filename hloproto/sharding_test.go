package hloproto

import (
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// tiled is the OpSharding of a sharding over two devices in two tiles
// along the first of rank dimensions: {devices=[2,1,...]0,1}.
func tiled(rank int) message {
	m := message(nil).varint(1, 3).varint(3, 2)
	for range rank - 1 {
		m = m.varint(3, 1)
	}
	return m.varint(4, 0).varint(4, 1)
}

// shardedProto is a module of two f32[16] parameters and a root tuple of
// two f32[16]: parameter 0 sharded by its instruction, parameter 1 by
// spmd_parameters_shardings, the root by its instruction (replicated,
// tiled). The entry computation is named name.
func shardedProto(name string, param0 message) []byte {
	p0 := message(nil).str(1, "p0").str(2, "parameter").sub(3, f32Shape(16)).varint(9, 0).varint(35, 1)
	if param0 != nil {
		p0 = p0.sub(40, param0)
	}
	p1 := message(nil).str(1, "p1").str(2, "parameter").sub(3, f32Shape(16)).varint(9, 1).varint(35, 2)
	root := message(nil).str(1, "tuple").str(2, "tuple").varint(35, 3).varint(36, 1).varint(36, 2).
		sub(40, message(nil).varint(1, 2).sub(5, message(nil).varint(1, 0)).sub(5, tiled(1)))
	tuple := message(nil).varint(2, 13).sub(4, f32Shape(16)).sub(4, f32Shape(16))
	comp := message(nil).str(1, name).sub(2, p0).sub(2, p1).sub(2, root).
		sub(4, message(nil).sub(1, f32Shape(16)).sub(1, f32Shape(16)).sub(2, tuple)).varint(5, 7).varint(6, 3)
	return message(nil).str(1, "m").str(2, name).sub(3, comp).varint(6, 7).
		sub(14, message(nil)).sub(14, tiled(1))
}

// TestShardings reads the instructions' OpShardings, the module's
// spmd_parameters_shardings for a parameter without one, and the
// partitioned entry's name.
func TestShardings(t *testing.T) {
	_, cfg, err := ReadNamed("m.pb", shardedProto("main.4", tiled(1)), ModuleProto)
	if err != nil {
		t.Fatal(err)
	}
	p := cfg.Sharding
	if p.Partitions != 0 || p.Partitioned || p.DeviceCount() != 2 || !cfg.PerDevice() {
		t.Errorf("partitions %d, partitioned %v, devices %d", p.Partitions, p.Partitioned, p.DeviceCount())
	}
	for _, c := range []struct {
		param int64
		index model.ShapeIndex
		want  string
	}{{0, nil, "f32[8]"}, {1, nil, "f32[8]"}, {-1, model.ShapeIndex{0}, "f32[16]"}, {-1, model.ShapeIndex{1}, "f32[8]"}} {
		s, _ := cfg.DeviceParam(c.param, c.index)
		if c.param < 0 {
			s, _ = cfg.DeviceOutput(c.index)
		}
		if s.String() != c.want {
			t.Errorf("parameter %d (-1: the output) at %s on a device: %s, want %s", c.param, c.index, s, c.want)
		}
	}
	_, cfg, err = ReadNamed("m.pb", shardedProto("main.4_spmd", tiled(1)), ModuleProto)
	if err != nil || !cfg.Sharding.Partitioned || cfg.PerDevice() {
		t.Errorf("an _spmd entry: %v, partitioned %v", err, cfg.Sharding.Partitioned)
	}
}

// TestShardingWarning sizes a parameter whose OpSharding does not read
// globally, with a warning at its bytes.
func TestShardingWarning(t *testing.T) {
	src := shardedProto("main.4", message("\xff\xff"))
	f, cfg, err := ReadNamed("m.pb", src, ModuleProto)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Warnings) != 1 || !strings.Contains(f.Warnings[0].Error(), `HloInstructionProto.sharding: parameter 0 "p0": the sharding does not read`) {
		t.Fatalf("warnings %v", f.Warnings)
	}
	if at := f.Warnings[0].Offset; at < strings.Index(string(src), "\xff\xff") || at > strings.Index(string(src), "\xff\xff")+2 {
		t.Errorf("warning at byte %d, not in the sharding", at)
	}
	if s, _ := cfg.DeviceParam(0, nil); s.String() != "f32[16]" || cfg.ParamSharding(0, nil) != nil {
		t.Errorf("parameter 0: %s on a device, sharded %s", s, cfg.ParamSharding(0, nil))
	}
}
