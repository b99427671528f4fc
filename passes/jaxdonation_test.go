package passes

import (
	"reflect"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// The cases below are written from jax/_src/interpreters/mlir.py at
// jax-ml/jax commit cec06d116c05 (August 2026): lines 1486-1588 are
// _set_up_aliases, lines 1357-1405 its caller lower_jaxpr_to_module, lines
// 1101-1110 sharded_aval.

// tf is a may-alias as JAX writes it, tf.aliasing_output.
func tf(out model.ShapeIndex, p int64) opt {
	return func(c *model.Config) error {
		return c.Aliases.SetUpAlias(out, p, nil, model.MayAlias, model.Origin{Attr: "tf.aliasing_output"})
	}
}

// two is a module on two partitions, with the given output sharding and
// results whose sharding is unspecified.
func two(out *model.Sharding, params []*model.Sharding, unspecified ...bool) opt {
	return sharded(model.Partitioning{Partitions: 2, Output: out, Params: params, OutputUnspecified: unspecified})
}

// TestJAXDonationPhase1 is the first loop of _set_up_aliases: donated
// arguments without an alias are queued by (aval, memory kind), lines
// 1512-1516; each output in order takes the first queued one of its key,
// lines 1521-1527; the pair is an alias when the layouts are equal and the
// result sharding is concrete, lines 1546-1550, else the argument is
// donated to XLA, lines 1551-1555.
func TestJAXDonationPhase1(t *testing.T) {
	j := JAXDonation
	runCases(t, []passCase{
		{name: "each output takes the lowest donated argument of its shape",
			pass: j, changed: true,
			c:    cfg(params(s32(4), f32(8), f32(8)), tup(f32(8), f32(8), s32(4)), donor(1, nil), donor(2, nil)),
			want: "input_output_alias={ {0}: (1, {}, may-alias), {1}: (2, {}, may-alias) }"},
		{name: "made again from scratch: the lowest donated argument wins",
			pass: j, changed: true,
			// Parameter 1 was aliased; both are donated, and {0} takes 0.
			// Parameter 1 then has no output (phase 2 finds {0} aliased,
			// lines 1557-1562) and is donated to no one.
			c:    cfg(params(f32(8), f32(8)), tup(f32(8)), donor(0, nil), may(ix(0), 1, nil)),
			want: "input_output_alias={ {0}: (0, {}, may-alias) }"},
		{name: "already JAX's pairing: no change",
			pass: j,
			c:    cfg(params(f32(8), f32(2)), tup(f32(8), s32(2)), may(ix(0), 0, nil), donor(1, nil)),
			want: "input_output_alias={ {0}: (0, {}, may-alias) }, buffer_donor={ (1, {}) }"},
		// sharded_aval (lines 1101-1110) keys on shard_shape; the caller
		// passes sharded avals, lines 1360-1363.
		{name: "per-shard shapes: f32[16] halved pairs with f32[8]",
			pass: j, changed: true,
			c: cfg(params(f32(16)), tup(f32(8)), donor(0, nil),
				two(outs(replicated), []*model.Sharding{halves}, false)),
			want: "input_output_alias={ {0}: (0, {}, may-alias) }"},
		{name: "per-shard shapes: f32[16] does not pair with f32[16] halved",
			pass: j, changed: true,
			c: cfg(params(f32(16)), tup(f32(16)), donor(0, nil),
				two(outs(halves), nil, false)),
			want: ""},
		{name: "another layout: a buffer donor",
			pass: j, changed: true,
			c:    cfg(params(layout(f32(4, 8), 0, 1)), tup(f32(4, 8)), may(ix(0), 0, nil)),
			want: "buffer_donor={ (0, {}) }"},
		// The caller passes result_shardings only with several partitions,
		// lines 1384-1387; an unspecified one makes a donor, line 1549.
		{name: "result sharding unspecified on two partitions: a buffer donor",
			pass: j, changed: true,
			c:    cfg(params(f32(8)), tup(f32(8)), may(ix(0), 0, nil), two(nil, nil, true)),
			want: "buffer_donor={ (0, {}) }"},
		{name: "result sharding unspecified on one partition: an alias",
			pass: j,
			c: cfg(params(f32(8)), tup(f32(8)), may(ix(0), 0, nil),
				sharded(model.Partitioning{Partitions: 1, OutputUnspecified: []bool{true}})),
			want: "input_output_alias={ {0}: (0, {}, may-alias) }"},
		// Memory kinds are part of the key (lines 1506-1516, 1524).
		{name: "another memory kind: no pair",
			pass: j, changed: true,
			c:    cfg(params(inSpace(f32(8), 5)), tup(f32(8)), donor(0, nil)),
			want: ""},
		{name: "must-aliases are kept and their outputs taken",
			pass: j, changed: true,
			c:    cfg(params(f32(8), f32(8)), tup(f32(8)), must(ix(0), 0, nil), donor(1, nil)),
			want: "input_output_alias={ {0}: (0, {}, must-alias) }"},
	})
}

// TestJAXDonationPhase2 is the second loop: the outputs not aliased, by
// (size, memory kind), lines 1557-1562; each donated argument left takes
// the first of its element count and is donated to XLA, lines 1564-1586.
func TestJAXDonationPhase2(t *testing.T) {
	j := JAXDonation
	runCases(t, []passCase{
		{name: "same element count, another shape",
			pass: j, changed: true, opts: map[string]string{OptDonated: "0"},
			c:    cfg(params(f32(4, 8)), tup(s32(32))),
			want: "buffer_donor={ (0, {}) }"},
		{name: "element count, not bytes: f32[8] and bf16[8]",
			pass: j, changed: true, opts: map[string]string{OptDonated: "0,1"},
			c:    cfg(params(f32(8), s32(3)), tup(bf16(8))),
			want: "buffer_donor={ (0, {}) }"},
		{name: "an output matched in phase 1 as a donor is free in phase 2",
			pass: j, changed: true,
			c: cfg(params(layout(f32(4, 8), 0, 1), f32(32)), tup(f32(4, 8)),
				donor(0, nil), tf(ix(0), 1)),
			want: "buffer_donor={ (0, {}), (1, {}) }"},
		{name: "an output is taken once",
			pass: j, changed: true,
			c:    cfg(params(f32(4, 8), s32(32)), tup(bf16(32)), donor(0, nil), donor(1, nil)),
			want: "buffer_donor={ (0, {}) }"},
		{name: "per shard: f32[16] halved and s32[8]",
			pass: j, opts: map[string]string{OptDonated: "0"},
			c:    cfg(params(f32(16)), tup(s32(8)), donor(0, nil), two(outs(replicated), []*model.Sharding{halves}, false)),
			want: "buffer_donor={ (0, {}) }"},
	})
}

// TestJAXDonationPartitions is the rule of lower_jaxpr_to_module after
// _set_up_aliases, lines 1388-1395: with more than one partition and any
// result sharding unspecified, every donated argument left is donated to
// XLA; otherwise it is unusable, and JAX warns, lines 1396-1405.
func TestJAXDonationPartitions(t *testing.T) {
	j := JAXDonation
	c := func(o opt) *model.Config {
		return cfg(params(f32(8), f32(3)), tup(f32(8), f32(2)), donor(0, nil), donor(1, nil), o)
	}
	runCases(t, []passCase{
		{name: "mixed: one result unspecified on two partitions",
			pass: j, changed: true,
			c:    c(two(outs(replicated, nil), nil, false, true)),
			want: "input_output_alias={ {0}: (0, {}, may-alias) }, buffer_donor={ (1, {}) }"},
		{name: "every result specified: the leftover is unusable",
			pass: j, changed: true,
			c:    c(two(outs(replicated, replicated), nil, false, false)),
			want: "input_output_alias={ {0}: (0, {}, may-alias) }"},
		{name: "one partition: the leftover is unusable",
			pass: j, changed: true,
			c:    c(sharded(model.Partitioning{Partitions: 1, OutputUnspecified: []bool{false, true}})),
			want: "input_output_alias={ {0}: (0, {}, may-alias) }"},
	})
}

// TestJAXDonationRemarks: the reasons, and JAX's warning for what stays
// unusable (mlir.py lines 1396-1405, each aval as str prints it).
func TestJAXDonationRemarks(t *testing.T) {
	c := cfg(params(f32(8, 4), layout(f32(2, 2), 0, 1), f32(32), s32(3)), tup(f32(2, 2), s32(32)),
		donor(0, nil), donor(1, nil), donor(2, nil), donor(3, nil))
	got := runRemarks(t, c, JAXDonation)
	// Parameter 0 (32 elements) takes {1} in phase 2, before parameter 2.
	want := []string{
		"Passed jax-donation donor-consumed: donor parameter 2 at {} f32[32]{0} unregistered",
		"Passed jax-donation donor-consumed: donor parameter 3 at {} s32[3]{0} unregistered",
		"Passed jax-donation donor-registered: donated parameter 0 at {} f32[8,4]{1,0} registered as a buffer donor | buffer donor: output {1} s32[32]{0} has its element count (32) but another shape or element type, so JAX leaves the pairing to XLA",
		"Passed jax-donation donor-registered: donated parameter 1 at {} f32[2,2]{0,1} registered as a buffer donor | buffer donor: output {0} f32[2,2]{1,0} has its shape (f32[2,2]) but another layout (f32[2,2]{0,1}), so JAX leaves the pairing to XLA",
		`Missed jax-donation donor-unused: donated parameter 2 at {} f32[32]{0} is not usable | none: every output without an alias of its shape (f32[32]) or element count (32) went to an earlier donated argument; JAX warns "Some donated buffers were not usable: float32[32]"`,
		`Missed jax-donation donor-unused: donated parameter 3 at {} s32[3]{0} is not usable | none: no output without an alias has its shape (s32[3]) or element count (3); JAX warns "Some donated buffers were not usable: int32[3]"`,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("remarks:\n got %q\nwant %q", got, want)
	}
}

// TestJAXDonationOptions: the option's values and its errors.
func TestJAXDonationOptions(t *testing.T) {
	for _, bad := range []string{"", "x", "1,", "-1", "marked,0"} {
		if _, err := Parse("jax-donation{donated=" + bad + "}"); err == nil {
			t.Errorf("donated=%q: no error", bad)
		}
	}
	runCases(t, []passCase{
		{name: "a parameter out of range",
			pass: JAXDonation, opts: map[string]string{OptDonated: "0,2"},
			c:   cfg(params(f32(8), f32(8)), tup(f32(8))),
			err: "<stdin>: error: jax-donation: option donated names parameter 2, but the entry function has 2 parameter(s)"},
		{name: "a must-aliased parameter",
			pass: JAXDonation, opts: map[string]string{OptDonated: "0"},
			c:   cfg(params(f32(8)), tup(f32(8)), must(ix(0), 0, nil)),
			err: "<stdin>: error: jax-donation: parameter 0 at {} has a must-alias, which JAX never writes; it cannot be donated"},
		{name: "parameters not named keep their aliases and donors",
			pass: JAXDonation, opts: map[string]string{OptDonated: "1"}, changed: true,
			c:    cfg(params(f32(8), f32(8), s32(2)), tup(f32(8), f32(8)), may(ix(1), 0, nil), donor(2, nil)),
			want: "input_output_alias={ {0}: (1, {}, may-alias), {1}: (0, {}, may-alias) }, buffer_donor={ (2, {}) }"},
	})
}

func TestNumpyName(t *testing.T) {
	want := map[model.PrimitiveType]string{
		model.Pred: "bool", model.S4: "int4", model.S32: "int32", model.U8: "uint8", model.F16: "float16",
		model.BF16: "bfloat16", model.F64: "float64", model.F8E4M3FN: "float8_e4m3fn", model.F8E8M0FNU: "float8_e8m0fnu",
		model.F4E2M1FN: "float4_e2m1fn", model.C64: "complex64", model.C128: "complex128",
	}
	got := map[model.PrimitiveType]string{}
	for p := range want {
		got[p] = numpyName(p)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("numpyName:\n got %v\nwant %v", got, want)
	}
	if s := f32(); shapedArray(&s) != "float32[]" {
		t.Errorf("scalar: %s", shapedArray(&s))
	}
}
