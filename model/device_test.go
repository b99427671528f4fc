package model

import (
	"strings"
	"testing"
)

// deviceConfig has a donor f32[16] split in two and an output of a
// replicated f32[8] and an unsharded tuple, on two partitions.
func deviceConfig(t *testing.T) *Config {
	t.Helper()
	c := NewConfig([]Shape{Array(F32, 16)}, Tuple(Array(F32, 8), Tuple(Array(F32, 6, 4))))
	if err := c.Donors.AddBufferDonor(0, nil, Origin{}); err != nil {
		t.Fatal(err)
	}
	halves := &Sharding{Kind: Tiled, Tiles: []int64{2}, Devices: 2, Text: "{devices=[2]<=[2]}"}
	c.Sharding = Partitioning{Partitions: 2, Params: []*Sharding{halves},
		Output: &Sharding{Kind: TupleSharding, Elems: []Sharding{{Text: "{replicated}"}, {Kind: TupleSharding, Elems: []Sharding{{Kind: Tiled, Tiles: []int64{2, 1}, Devices: 2}}}}}}
	return c
}

// TestPrintPerDevice prints each value's sharding and per-device shape in
// JSON and in the names summary, only when the values are divided.
func TestPrintPerDevice(t *testing.T) {
	c := deviceConfig(t)
	js := c.JSON()
	for _, want := range []string{
		`"shape": "f32[16]{0}", "bytes": 64, "memory_space": 0, "sharding": "{devices=[2]<=[2]}", "device_shape": "f32[8]{0}"}`,
		`"output_index": [0], "shape": "f32[8]{0}", "bytes": 32, "memory_space": 0, "sharding": "{replicated}", "device_shape": "f32[8]{0}"}`,
		`"output_index": [1], "shape": "(f32[6,4]{1,0})", "bytes": 96, "memory_space": 0, "sharding": "{tuple}", "device_shape": "(f32[3,4]{1,0})"}`,
	} {
		if !strings.Contains(js, want) {
			t.Errorf("no %s in\n%s", want, js)
		}
	}
	sum := NamesSummary(c)
	for _, want := range []string{
		"unused donor: parameter 0 at {}, 64 B; a device holds f32[8]{0}, 32 B, sharding {devices=[2]<=[2]}\n",
		"output without alias: output {1,0}, 96 B; a device holds f32[3,4]{1,0}, 48 B, sharding {tiled}\n",
	} {
		if !strings.Contains(sum, want) {
			t.Errorf("no %q in\n%s", want, sum)
		}
	}
	c.Sharding.Partitioned = true
	if js, sum := c.JSON(), NamesSummary(c); strings.Contains(js, "device_shape") || strings.Contains(sum, "a device holds") {
		t.Errorf("a partitioned module prints per-device shapes:\n%s\n%s", js, sum)
	}
}
