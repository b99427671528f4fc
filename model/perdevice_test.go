package model

import (
	"github.com/mhlo-alias/mhlo-alias/ast"
	"strings"
	"testing"
)

// halves is the sharding that splits a vector between two devices.
var halves = Sharding{Kind: Tiled, Tiles: []int64{2}, Devices: 2, Text: "{devices=[2]<=[2]}"}

// TestVerifyPerDevice is jax-ml/jax #25346: an s32[16] argument, replicated,
// aliased (tf.aliasing_output) with an output XLA shards over two devices.
// XLA compares the sizes on the partitioned entry layout, so the check
// fails with per-device shapes in its words; a module that is not split
// (one partition, or already partitioned) passes.
func TestVerifyPerDevice(t *testing.T) {
	build := func(p Partitioning) *Config {
		c := NewConfig([]Shape{Array(S32, 16)}, Tuple(Array(S32, 16)))
		must(t, c.Aliases.SetUpAlias(ShapeIndex{0}, 0, nil, MayAlias, Origin{Attr: "tf.aliasing_output"}))
		c.Sharding = p
		return c
	}
	out := &Sharding{Kind: TupleSharding, Elems: []Sharding{halves}}
	replicated := &Sharding{Kind: Replicated, Text: "{replicated}"}
	errs := Verify(build(Partitioning{Partitions: 2, Params: []*Sharding{replicated}, Output: out}))
	want := "Expected aliased input 0 at index {} and output at index {0} to have the same size. Input sub-shape is s32[16]{0} with size 64, output sub-shape is s32[8]{0} with size 32"
	if len(errs) != 1 || errs[0].Msg != want {
		t.Errorf("Verify = %v\nwant %s", errs, want)
	}
	// Not split, or a side whose sharding XLA has yet to choose (the
	// parameter's here) with equal whole sizes: no error.
	for _, p := range []Partitioning{{Partitions: 1, Output: out}, {Partitions: 2, Partitioned: true, Output: out}, {Partitions: 2}, {Partitions: 2, Output: out}} {
		if errs := Verify(build(p)); errs.HasErrors() {
			t.Errorf("%+v: Verify = %v, want no error", p, errs)
		}
	}
	// Both sides split alike: equal per device.
	c := build(Partitioning{Partitions: 2, Params: []*Sharding{&halves}, Output: out})
	if errs := Verify(c); errs.HasErrors() {
		t.Errorf("both halved: Verify = %v", errs)
	}
}

// TestMemoryPerDevice checks the accounting at the sizes one device holds,
// beside the global one, in the summary, its one-line form and JSON.
func TestMemoryPerDevice(t *testing.T) {
	c := NewConfig([]Shape{Array(F32, 16), Array(F32, 8)}, Tuple(Array(F32, 16), Array(F32, 8)))
	must(t, c.Aliases.SetUpAlias(ShapeIndex{0}, 0, nil, MayAlias, Origin{}))
	must(t, c.Donors.AddBufferDonor(1, nil, Origin{}))
	c.Sharding = Partitioning{Partitions: 2, Params: []*Sharding{&halves},
		Output: &Sharding{Kind: TupleSharding, Elems: []Sharding{halves, {}}}}
	want := `aliases: 1 (0 must, 1 may) share 64 B (must 0 B, may up to 64 B)
donors: 1 unused, 32 B
outputs without alias: 1, 32 B
parameters: 2, 96 B; outputs: 2, 96 B
per device, on each of 2 partitions:
  aliases: 1 (0 must, 1 may) share 32 B (must 0 B, may up to 32 B)
  donors: 1 unused, 32 B
  outputs without alias: 1, 32 B
  parameters: 2, 64 B; outputs: 2, 64 B
`
	if got := SummaryOf(c); got != want {
		t.Errorf("SummaryOf:\n%s\nwant:\n%s", got, want)
	}
	line := "aliases: 1 (0 must, 1 may) share 64 B (must 0 B, may up to 64 B); donors: 1 unused, 32 B; outputs without alias: 1, 32 B; parameters: 2, 96 B; outputs: 2, 96 B; per device, on each of 2 partitions: aliases: 1 (0 must, 1 may) share 32 B"
	if got := OneLineOf(c); !strings.HasPrefix(got, line) {
		t.Errorf("OneLineOf = %s\nwant prefix %s", got, line)
	}
	js := `"per_device": {"partitions": 2, "parameter_bytes": 64, "output_bytes": 64, "must_alias_bytes": 0, "may_alias_bytes": 32, "unused_donor_bytes": 32, "unaliased_output_bytes": 32, "unknown_size_leaves": 0, "memory_spaces": [{"memory_space": 0, "name": "device memory", "parameter_bytes": 64`
	if got := c.JSON(); !strings.Contains(got, js) {
		t.Errorf("JSON = %s\nwant it to hold %s", got, js)
	}
	c.Sharding.Partitioned = true
	if DeviceMemoryBySpace(c) != nil || strings.Contains(SummaryOf(c), "per device") || strings.Contains(c.JSON(), "per_device") {
		t.Errorf("a partitioned module is accounted per device again:\n%s", SummaryOf(c))
	}
}

// TestOneLineOfSpaces keeps the one-line form of a summary split by
// memory space: each space's first fact after its heading.
func TestOneLineOfSpaces(t *testing.T) {
	host := Array(F32, 4)
	host.SetMemorySpace(5)
	c := NewConfig([]Shape{Array(F32, 4), host}, Tuple(Array(F32, 4)))
	want := "device memory: aliases: 0 (0 must, 0 may) share 0 B (must 0 B, may up to 0 B); donors: 0 unused, 0 B; outputs without alias: 1, 16 B; parameters: 1, 16 B; outputs: 1, 16 B; host memory S(5): aliases: 0"
	if got := OneLineOf(c); !strings.HasPrefix(got, want) {
		t.Errorf("OneLineOf = %s\nwant prefix %s", got, want)
	}
}

// TestUnsettledAliases: an alias of a module still to be partitioned one
// of whose sides has no sharding written is warned of, naming the side
// and what each device must hold; none when both are written or the
// module is not split.
func TestUnsettledAliases(t *testing.T) {
	out := &Sharding{Kind: TupleSharding, Elems: []Sharding{halves}}
	build := func(p Partitioning) *Config {
		c := NewConfig([]Shape{Array(S32, 16)}, Tuple(Array(S32, 16)))
		c.Source.ResultTuple = true
		must(t, c.Aliases.SetUpAlias(ShapeIndex{0}, 0, nil, MayAlias, Origin{}))
		c.Sharding = p
		return c
	}
	for _, tc := range []struct {
		p    Partitioning
		want string // "" for no warning
	}{
		{Partitioning{Partitions: 2}, "but neither side has a sharding in a module of 2 partitions"},
		{Partitioning{Partitions: 2, Output: out}, "but parameter 0 at {} has no sharding in a module of 2 partitions: XLA's partitioner will choose one, and unless each device then holds 32 bytes of it (as of output index {0}: s32[8]{0})"},
		{Partitioning{Partitions: 2, Params: []*Sharding{&halves}}, "but output index {0} has no sharding in a module of 2 partitions: XLA's partitioner will choose one, and unless each device then holds 32 bytes of it (as of parameter 0 at {}: s32[8]{0})"},
		{Partitioning{Partitions: 2, Params: []*Sharding{&halves}, Output: out, OutputUnspecified: []bool{true}}, "but output index {0} has no sharding"},
		{Partitioning{Partitions: 2, Params: []*Sharding{&halves}, Output: out}, ""},
		{Partitioning{Partitions: 1}, ""},
		{Partitioning{Partitions: 2, Partitioned: true}, ""},
	} {
		c := build(tc.p)
		var warns ast.ErrorList
		c.ForEachUnsettled(func(out ShapeIndex, a Alias) { warns = append(warns, c.UnsettledWarning(out, a)) })
		switch {
		case tc.want == "" && len(warns) != 0:
			t.Errorf("%+v: warnings %v, want none", tc.p, warns)
		case tc.want != "" && (len(warns) != 1 || !strings.Contains(warns[0].Msg, tc.want) || warns[0].Severity != ast.SevWarning):
			t.Errorf("%+v: warnings %v, want one containing %q", tc.p, warns, tc.want)
		}
	}
}
