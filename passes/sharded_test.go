package passes

import (
	"reflect"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// halves splits a vector between two devices.
var halves = &model.Sharding{Kind: model.Tiled, Tiles: []int64{2}, Devices: 2, Text: "{devices=[2]<=[2]}"}

// replicated is written, but splits nothing.
var replicated = &model.Sharding{Kind: model.Replicated, Text: "{replicated}"}

// outs is the tuple sharding of a tuple output, one per element (nil:
// none written, the zero Sharding in the tuple).
func outs(elems ...*model.Sharding) *model.Sharding {
	t := &model.Sharding{Kind: model.TupleSharding, Elems: make([]model.Sharding, len(elems))}
	for i, e := range elems {
		if e != nil {
			t.Elems[i] = *e
		}
	}
	return t
}

// sharded sets the config's partitioning.
func sharded(p model.Partitioning) opt {
	return func(c *model.Config) error { c.Sharding = p; return nil }
}

// TestXLADonationPerDevice is the first two cases of the issue on
// sharding-aware pairing: XLA pairs after partitioning, on what each
// device holds.
func TestXLADonationPerDevice(t *testing.T) {
	x := OptimizeInputOutputBufferAlias
	runCases(t, []passCase{
		{name: "donor f32[16] halved, output f32[8] replicated: 32 bytes each per device",
			pass: x, changed: true,
			c: cfg(params(f32(16)), f32(8), donor(0, nil),
				sharded(model.Partitioning{Partitions: 2, Params: []*model.Sharding{halves}})),
			want: "input_output_alias={ {}: (0, {}, may-alias) }"},
		{name: "donor f32[16] replicated, output f32[16] halved: 64 against 32 bytes",
			pass: x,
			c: cfg(params(f32(16)), f32(16), donor(0, nil),
				sharded(model.Partitioning{Partitions: 2, Output: halves})),
			want: "buffer_donor={ (0, {}) }"},
		{name: "already partitioned: the shapes are per device",
			pass: x,
			c: cfg(params(f32(16)), f32(8), donor(0, nil),
				sharded(model.Partitioning{Partitions: 2, Partitioned: true, Params: []*model.Sharding{halves}})),
			want: "buffer_donor={ (0, {}) }"},
		{name: "one partition: global sizes",
			pass: x,
			c: cfg(params(f32(16)), f32(16), donor(0, nil),
				sharded(model.Partitioning{Partitions: 1, Output: halves})),
			want: "input_output_alias={ {}: (0, {}, may-alias) }", changed: true},
		// Neuron receives per-rank modules and matches shapes as they are.
		{name: "neuron matches global shapes",
			pass: BufferDonationToAlias,
			c: cfg(params(f32(16)), f32(8), donor(0, nil),
				sharded(model.Partitioning{Partitions: 2, Params: []*model.Sharding{halves}})),
			want: "buffer_donor={ (0, {}) }"},
	})
}

// TestReasonsPerDevice: an unused donor's reason sizes per device and
// names both shardings when either side is split.
func TestReasonsPerDevice(t *testing.T) {
	// Per device the donors have 64 and 32 bytes, the outputs 32 and 64:
	// both are paired, crosswise.
	p := model.Partitioning{Partitions: 2, Output: outs(halves, replicated)}
	c := cfg(params(f32(16), s32(8)), tup(f32(16), f32(16)), donor(0, nil), donor(1, nil), sharded(p))
	if got := missedOf(t, c, Of(OptimizeInputOutputBufferAlias), OptimizeInputOutputBufferAlias); got != nil || short(c) != "input_output_alias={ {0}: (1, {}, may-alias), {1}: (0, {}, may-alias) }" {
		t.Errorf("crosswise: %s, remarks %q", short(c), got)
	}
	c = cfg(params(f32(16)), tup(f32(16)), donor(0, nil), sharded(model.Partitioning{Partitions: 2, Output: outs(halves)}))
	got := missedOf(t, c, Of(OptimizeInputOutputBufferAlias), OptimizeInputOutputBufferAlias)
	want := []string{"donor parameter 0 at {} f32[16]{0} is not used by any output | none: no output without an alias has 64 bytes per device in memory space 0 " +
		"(parameter 0 without sharding: f32[16]{0} on each device); the nearest is output {0} f32[16]{0} with 32 bytes per device " +
		"(output {0} sharded {devices=[2]<=[2]}: f32[8]{0} on each device)"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("xla:\n got %q\nwant %q", got, want)
	}
	// Neuron pairs none of these, and says XLA would pair the halved
	// donor with the replicated output of its per-device size.
	c = cfg(params(f32(16)), tup(f32(8)), donor(0, nil), sharded(model.Partitioning{Partitions: 2, Params: []*model.Sharding{halves}}))
	got = missedOf(t, c, Of(BufferDonationToAlias), BufferDonationToAlias)
	want = []string{"donor parameter 0 at {} f32[16]{0} is not used by any output | byte-size: output {0} f32[8]{0} has the same byte size (32 bytes per device) but another shape; " +
		"output {0} without sharding: f32[8]{0} on each device and parameter 0 sharded {devices=[2]<=[2]}: f32[8]{0} on each device; " +
		"XLA's optimize_input_output_buffer_alias would pair them | run xla-buffer-donation"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("neuron:\n got %q\nwant %q", got, want)
	}
}
