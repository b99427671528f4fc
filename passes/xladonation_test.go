package passes

import (
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// The shapes of upstream's test fixture (OptimizeInputOutputBufferAliasTest
// in xla/hlo/transforms/simplifiers/optimize_input_output_buffer_alias_test.cc):
// r1f32_ ... r4f32_ are f32[4], f32[4,5], f32[4,5,6], f32[4,5,6,7]; d1f32_
// is f32[<=256], d2f32_ f32[128,<=128] and d3f32_ the static f32[512].
var (
	r1f32 = f32(4)
	r2f32 = f32(4, 5)
	r3f32 = f32(4, 5, 6)
	r4f32 = f32(4, 5, 6, 7)
	d1f32 = dyn(f32(256), 0)
	d2f32 = dyn(f32(128, 128), 1)
	d3f32 = f32(512)
)

// host puts every array of s in host memory (Layout::kHostMemorySpace).
func host(s model.Shape) model.Shape {
	s = s.Clone()
	s.ForEachSubshape(func(_ model.ShapeIndex, sub *model.Shape) {
		if sub.IsArray() {
			sub.SetMemorySpace(5)
		}
	})
	return s
}

// anyDonor is registered-donors-only=false, as upstream's test fixture
// builds the pass (CreatePassAndBufferDonorConfig(false)) in all but one
// of its tests.
var anyDonor = map[string]string{OptRegisteredDonorsOnly: "false"}

// TestOptimizeInputOutputBufferAliasUpstream reproduces every test of
// upstream's optimize_input_output_buffer_alias_test.cc, each named after
// it. Upstream checks counts and single lookups; these cases pin the whole
// config, which upstream's checks imply.
func TestOptimizeInputOutputBufferAliasUpstream(t *testing.T) {
	p := OptimizeInputOutputBufferAlias
	runCases(t, []passCase{
		// TEST_F(OptimizeInputOutputBufferAliasTest, AllDifferentBufferSizes)
		{name: "AllDifferentBufferSizes", pass: p, opts: anyDonor,
			c:    cfg(params(tup(r1f32, r2f32)), tup(r3f32, r4f32)),
			want: "", changed: false},
		// TEST_F(OptimizeInputOutputBufferAliasTest, OrderedNonNestedTuple)
		{name: "OrderedNonNestedTuple", pass: p, opts: anyDonor,
			c:       cfg(params(tup(r1f32, r2f32, r3f32, r4f32)), tup(r1f32, r2f32, r3f32, r4f32)),
			want:    "input_output_alias={ {0}: (0, {0}, may-alias), {1}: (0, {1}, may-alias), {2}: (0, {2}, may-alias), {3}: (0, {3}, may-alias) }",
			changed: true},
		// TEST_F(OptimizeInputOutputBufferAliasTest, PartialReuseNonNestedTuple):
		// outputs {0} and {1} aliased, {2} and {3} not.
		{name: "PartialReuseNonNestedTuple", pass: p, opts: anyDonor,
			c:       cfg(params(tup(r1f32, r1f32, r2f32, r2f32)), tup(r1f32, r2f32, r3f32, r4f32)),
			want:    "input_output_alias={ {0}: (0, {0}, may-alias), {1}: (0, {2}, may-alias) }",
			changed: true},
		// TEST_F(OptimizeInputOutputBufferAliasTest, UnorderedNonNestedTuple)
		{name: "UnorderedNonNestedTuple", pass: p, opts: anyDonor,
			c:       cfg(params(tup(r1f32, r2f32, r3f32, r4f32)), tup(r4f32, r3f32, r2f32, r1f32)),
			want:    "input_output_alias={ {0}: (0, {3}, may-alias), {1}: (0, {2}, may-alias), {2}: (0, {1}, may-alias), {3}: (0, {0}, may-alias) }",
			changed: true},
		// TEST_F(OptimizeInputOutputBufferAliasTest, UnorderedNestedTuple):
		// (0, {0,0}) -> {0}, (0, {1}) -> {1,1}, (0, {2}) -> {1,0}; (0, {3})
		// has no alias.
		{name: "UnorderedNestedTuple", pass: p, opts: anyDonor,
			c:       cfg(params(tup(tup(r1f32), r2f32, r3f32, r4f32)), tup(r1f32, tup(r3f32, r2f32), r2f32)),
			want:    "input_output_alias={ {0}: (0, {0,0}, may-alias), {1,0}: (0, {2}, may-alias), {1,1}: (0, {1}, may-alias) }",
			changed: true},
		// TEST_F(OptimizeInputOutputBufferAliasTest, MultipleParameters)
		{name: "MultipleParameters", pass: p, opts: anyDonor,
			c:       cfg(params(r1f32, r2f32, r3f32, r4f32), tup(r4f32, r3f32, r2f32, r1f32)),
			want:    "input_output_alias={ {0}: (3, {}, may-alias), {1}: (2, {}, may-alias), {2}: (1, {}, may-alias), {3}: (0, {}, may-alias) }",
			changed: true},
		// TEST_F(OptimizeInputOutputBufferAliasTest, BufferDonorOnly): the
		// pass built with registered donors only; the donor (0, {0}) is
		// consumed, (0, {1}) is no donor and stays unaliased.
		{name: "BufferDonorOnly", pass: p,
			c:       cfg(params(tup(r1f32, r2f32)), tup(r2f32, r1f32), donor(0, ix(0))),
			want:    "input_output_alias={ {1}: (0, {0}, may-alias) }",
			changed: true},
		// TEST_F(OptimizeInputOutputBufferAliasTest, DynamicShapeWithTuple)
		{name: "DynamicShapeWithTuple", pass: p, opts: anyDonor,
			c:    cfg(params(tup(d1f32, d2f32)), tup(d1f32, d2f32)),
			want: "", changed: false},
		// TEST_F(OptimizeInputOutputBufferAliasTest, DynamicShapeNoTuple)
		{name: "DynamicShapeNoTuple", pass: p, opts: anyDonor,
			c:    cfg(params(d1f32, d2f32), d1f32),
			want: "", changed: false},
		// TEST_F(OptimizeInputOutputBufferAliasTest, DynamicShapeBufferOutput)
		{name: "DynamicShapeBufferOutput", pass: p, opts: anyDonor,
			c:    cfg(params(d1f32, d2f32), d3f32),
			want: "", changed: false},
		// TEST_F(OptimizeInputOutputBufferAliasTest, DynamicShapeBufferInput)
		{name: "DynamicShapeBufferInput", pass: p, opts: anyDonor,
			c:    cfg(params(d3f32), d1f32),
			want: "", changed: false},
		// TEST_F(OptimizeInputOutputBufferAliasTest, AllDifferentMemorySpaces)
		{name: "AllDifferentMemorySpaces", pass: p, opts: anyDonor,
			c:    cfg(params(tup(r1f32, r2f32, r3f32, r4f32)), host(tup(r1f32, r2f32, r3f32, r4f32))),
			want: "", changed: false},
	})
}

// TestOptimizeInputOutputBufferAlias covers what upstream's tests leave
// out: memory spaces, the option both ways, existing aliases, ties.
func TestOptimizeInputOutputBufferAlias(t *testing.T) {
	p := OptimizeInputOutputBufferAlias
	runCases(t, []passCase{
		{name: "byte size alone: element type, dims and layout order are ignored", pass: p,
			c:       cfg(params(f32(4, 8), layout(s32(8, 4), 0, 1)), tup(s32(32), f32(2, 16)), donor(0, ix()), donor(1, ix())),
			want:    "input_output_alias={ {0}: (0, {}, may-alias), {1}: (1, {}, may-alias) }",
			changed: true},
		{name: "registered donors only, by default", pass: p,
			c:       cfg(params(f32(4), f32(4)), tup(f32(4), f32(4)), donor(1, ix())),
			want:    "input_output_alias={ {0}: (1, {}, may-alias) }",
			changed: true},
		{name: "registered-donors-only=false takes any unaliased parameter leaf", pass: p, opts: anyDonor,
			c:       cfg(params(f32(4), f32(4)), tup(f32(4), f32(4)), donor(1, ix())),
			want:    "input_output_alias={ {0}: (0, {}, may-alias), {1}: (1, {}, may-alias) }",
			changed: true},
		{name: "registered-donors-only=false still consumes a donor it uses and keeps the rest", pass: p, opts: anyDonor,
			c:       cfg(params(f32(4), f32(8)), tup(f32(4)), donor(0, ix()), donor(1, ix())),
			want:    "input_output_alias={ {0}: (0, {}, may-alias) }, buffer_donor={ (1, {}) }",
			changed: true},
		{name: "no registered donor: nothing to do", pass: p,
			c:    cfg(params(f32(4)), tup(f32(4))),
			want: "", changed: false},
		{name: "memory spaces are matched apart", pass: p,
			c: cfg(params(host(f32(4)), f32(4), host(s32(2, 2))), tup(f32(4), host(f32(4)), host(f32(4))),
				donor(0, ix()), donor(1, ix()), donor(2, ix())),
			want:    "input_output_alias={ {0}: (1, {}, may-alias), {1}: (0, {}, may-alias), {2}: (2, {}, may-alias) }",
			changed: true},
		{name: "a host donor never serves a device output", pass: p,
			c:    cfg(params(host(f32(4))), tup(f32(4)), donor(0, ix())),
			want: "buffer_donor={ (0, {}) }", changed: false},
		{name: "existing aliases, must or may, are kept and their sides skipped", pass: p, opts: anyDonor,
			c: cfg(params(f32(4), f32(4), f32(4)), tup(f32(4), f32(4), f32(4)),
				must(ix(1), 0, ix()), may(ix(2), 2, ix())),
			want:    "input_output_alias={ {0}: (1, {}, may-alias), {1}: (0, {}, must-alias), {2}: (2, {}, may-alias) }",
			changed: true},
		{name: "largest first: sizes pair up whatever their order", pass: p,
			c:       cfg(params(f32(2), f32(16), f32(8)), tup(f32(8), f32(2), f32(16)), donor(0, ix()), donor(1, ix()), donor(2, ix())),
			want:    "input_output_alias={ {0}: (2, {}, may-alias), {1}: (0, {}, may-alias), {2}: (1, {}, may-alias) }",
			changed: true},
		{name: "ties keep parameter order and pre-order on both sides", pass: p,
			c: cfg(params(tup(s32(4), tup(f32(2, 2))), f32(4)), tup(tup(f32(4), s32(4)), f32(2, 2)),
				donor(0, ix(0)), donor(0, ix(1, 0)), donor(1, ix())),
			want:    "input_output_alias={ {0,0}: (0, {0}, may-alias), {0,1}: (0, {1,0}, may-alias), {1}: (1, {}, may-alias) }",
			changed: true},
		{name: "a larger donor is passed over for a smaller equal one", pass: p,
			c:       cfg(params(f32(9), f32(3)), tup(f32(3)), donor(0, ix()), donor(1, ix())),
			want:    "input_output_alias={ {0}: (1, {}, may-alias) }, buffer_donor={ (0, {}) }",
			changed: true},
		{name: "dynamic donors are skipped, static ones still match", pass: p,
			c:       cfg(params(dyn(f32(4), 0), f32(4)), tup(f32(4)), donor(0, ix()), donor(1, ix())),
			want:    "input_output_alias={ {0}: (1, {}, may-alias) }, buffer_donor={ (0, {}) }",
			changed: true},
		{name: "a bounded output leaf makes the whole pass a no-op", pass: p,
			c:    cfg(params(f32(4), f32(4)), tup(f32(4), dyn(f32(4), 0)), donor(0, ix()), donor(1, ix())),
			want: "buffer_donor={ (0, {}), (1, {}) }", changed: false},
		{name: "tokens, opaque types and tuples are no donors and no donees", pass: p, opts: anyDonor,
			c:    cfg(params(tok(), opaque(), tup()), tup(tok(), opaque(), tup())),
			want: "", changed: false},
		{name: "sub-byte types take a byte per element, as the model's byte size does", pass: p,
			c:       cfg(params(model.Array(model.S4, 8)), tup(model.Array(model.U8, 8)), donor(0, ix())),
			want:    "input_output_alias={ {0}: (0, {}, may-alias) }",
			changed: true},
		{name: "unresolved layouts of leaves not considered are fine", pass: p,
			c:       cfg(params(unres(f32(4)), f32(4)), tup(f32(4), unres(f32(4))), donor(1, ix()), may(ix(1), 0, ix())),
			want:    "input_output_alias={ {0}: (1, {}, may-alias), {1}: (0, {}, may-alias) }",
			changed: true},
		{name: "an unresolved donor is an error", pass: p,
			c:   cfg(params(f32(4), unres(f32(4))), tup(f32(4)), donor(1, ix())),
			err: "<stdin>: error: optimize_input_output_buffer_alias needs resolved layouts, but the layout of parameter 1 at {} (f32[4]) is unresolved; --assume-default-layouts assumes XLA's default layout for every unresolved one"},
		{name: "with any donor, every unaliased parameter leaf needs a layout", pass: p, opts: anyDonor,
			c:   cfg(params(f32(4), tup(f32(2), unres(f32(4)))), tup(f32(4))),
			err: "<stdin>: error: optimize_input_output_buffer_alias needs resolved layouts, but the layout of parameter 1 at {1} (f32[4]) is unresolved; --assume-default-layouts assumes XLA's default layout for every unresolved one"},
		{name: "an unresolved unaliased output is an error", pass: p,
			c:   cfg(params(f32(4)), tup(f32(4), unres(f32(4))), donor(0, ix())),
			err: "<stdin>: error: optimize_input_output_buffer_alias needs resolved layouts, but the layout of output index {1} (f32[4]) is unresolved; --assume-default-layouts assumes XLA's default layout for every unresolved one"},
		{name: "a dynamic output is a no-op before any layout check", pass: p,
			c:    cfg(params(unres(f32(4))), tup(unres(f32(4)), dyn(f32(4), 0)), donor(0, ix())),
			want: "buffer_donor={ (0, {}) }", changed: false},
	})
}

// TestOptimizeInputOutputBufferAliasVerifies: the pass verifies the config
// afterwards, as upstream's RunImpl does, and returns what Verify finds:
// here two arrays whose byte sizes wrap around to the same value.
func TestOptimizeInputOutputBufferAliasVerifies(t *testing.T) {
	c := cfg(params(f32(1<<62)), tup(f32(1<<62)), donor(0, ix()))
	_, err := OptimizeInputOutputBufferAlias.Run(c, OptimizeInputOutputBufferAlias.Defaults())
	if _, ok := err.(ast.ErrorList); !ok || !strings.Contains(err.Error(), "does not fit in 64 bits") {
		t.Errorf("got %v", err)
	}
}

// TestNearestDonee: for a donor left over, the donee of its memory space
// nearest in byte size, a larger one on a tie, the first in pre-order
// among equal sizes.
func TestNearestDonee(t *testing.T) {
	c := cfg(params(f32(5), f32(6), f32(100), f32(1), host(f32(7)), f32(3)),
		tup(f32(8), f32(4), f32(2), f32(8), host(f32(2))),
		donor(0, ix()), donor(1, ix()), donor(2, ix()), donor(3, ix()), donor(4, ix()), donor(5, ix()))
	plan, err := planXLADonation(c, true)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int64]string{0: "{1}", 1: "{0}", 2: "{0}", 3: "{2}", 4: "{4}", 5: "{1}"}
	for _, d := range plan.leftovers() {
		e, ok := plan.nearestDonee(d)
		if !ok || e.index.String() != want[d.param] {
			t.Errorf("donor %d (%d bytes): nearest %v, %v; want %s", d.param, d.size, e.index, ok, want[d.param])
		}
		delete(want, d.param)
	}
	if len(want) != 0 {
		t.Errorf("donors %v were not left over", want)
	}
	lone := cfg(params(host(f32(4))), tup(f32(4)), donor(0, ix()))
	plan, _ = planXLADonation(lone, true)
	if left := plan.leftovers(); len(left) != 1 {
		t.Fatalf("leftovers %v", left)
	} else if _, ok := plan.nearestDonee(left[0]); ok {
		t.Error("a donor alone in its memory space has a nearest donee")
	}
}
