package model

import (
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

func TestShapeStrings(t *testing.T) {
	dyn := Shape{Kind: ArrayShape, Elem: F32, Dims: []int64{UnboundedSize, 3}}
	dyn.SetDynamic([]bool{true, false})
	dyn.SetDefaultLayout()
	bounded := Shape{Kind: ArrayShape, Elem: S32, Dims: []int64{8}}
	bounded.SetDynamic([]bool{true})
	unresolved := Shape{Kind: ArrayShape, Elem: BF16, Dims: []int64{4, 5}}
	colMajor := Array(F32, 2, 3)
	colMajor.MinorToMajor = []int64{0, 1}
	tests := []struct {
		s          Shape
		plain, lay string
		mlir       string
	}{
		{Array(F32, 2, 3), "f32[2,3]", "f32[2,3]{1,0}", "tensor<2x3xf32>"},
		{Array(Pred), "pred[]", "pred[]", "tensor<i1>"},
		{Tuple(Array(F32, 2), Array(S32)), "(f32[2], s32[])", "(f32[2]{0}, s32[])", "tuple<tensor<2xf32>, tensor<i32>>"},
		{Tuple(), "()", "()", "tuple<>"},
		{dyn, "f32[?,3]", "f32[?,3]{1,0}", "tensor<?x3xf32>"},
		{bounded, "s32[<=8]", "s32[<=8]", "tensor<?xi32>"},
		{unresolved, "bf16[4,5]", "bf16[4,5]", "tensor<4x5xbf16>"},
		{colMajor, "f32[2,3]", "f32[2,3]{0,1}", "tensor<2x3xf32>"},
		{Token(), "token[]", "token[]", "!mhlo.token"},
		{Array(C64, 1), "c64[1]", "c64[1]{0}", "tensor<1xcomplex<f32>>"},
		{Array(F8E4M3FN, 16), "f8e4m3fn[16]", "f8e4m3fn[16]{0}", "tensor<16xf8E4M3FN>"},
		{Opaque("!quant.uniform<i8:f32, 1.0>"), "opaque[]", "opaque[]", "!quant.uniform<i8:f32, 1.0>"},
	}
	for _, tt := range tests {
		if got := tt.s.String(); got != tt.plain {
			t.Errorf("String() = %q, want %q", got, tt.plain)
		}
		if got := tt.s.StringWithLayout(); got != tt.lay {
			t.Errorf("StringWithLayout() = %q, want %q", got, tt.lay)
		}
		if got := tt.s.MLIR(); got != tt.mlir {
			t.Errorf("MLIR() = %q, want %q", got, tt.mlir)
		}
	}
}

func TestPrimitiveFromMLIR(t *testing.T) {
	for name, want := range map[string]PrimitiveType{
		"i1": Pred, "i32": S32, "si8": S8, "ui8": U8, "ui4": U4, "bf16": BF16,
		"f8E5M2": F8E5M2, "complex<f64>": C128, "f4E2M1FN": F4E2M1FN,
	} {
		if got, ok := PrimitiveFromMLIR(name); !ok || got != want {
			t.Errorf("PrimitiveFromMLIR(%q) = %v, %v; want %v", name, got, ok, want)
		}
	}
	for _, name := range []string{"index", "tf32", "f8E4M3", "none"} {
		_, ok := PrimitiveFromMLIR(name)
		if (name == "f8E4M3") != ok {
			t.Errorf("PrimitiveFromMLIR(%q) ok = %v", name, ok)
		}
	}
}

func TestEqualAndCompatible(t *testing.T) {
	a, b := Array(F32, 2, 3), Array(F32, 2, 3)
	if !Equal(&a, &b) {
		t.Error("equal arrays differ")
	}
	b.MinorToMajor = []int64{0, 1}
	if Equal(&a, &b) || !Compatible(&a, &b) {
		t.Error("layout must matter to Equal, not to Compatible")
	}
	u := Shape{Kind: ArrayShape, Elem: F32, Dims: []int64{2, 3}}
	if Equal(&a, &u) {
		t.Error("an unresolved layout equals a resolved one")
	}
	d := Shape{Kind: ArrayShape, Elem: F32, Dims: []int64{UnboundedSize, 3}}
	d.SetDynamic([]bool{true, false})
	if Equal(&a, &d) || !Compatible(&a, &d) {
		t.Error("dynamic dims: Equal must fail, Compatible must hold")
	}
	i := Array(S32, 2, 3)
	if Compatible(&a, &i) {
		t.Error("element types must match for Compatible")
	}
	o1, o2 := Opaque("i32"), Opaque("i32")
	if Equal(&o1, &o2) {
		t.Error("opaque shapes must never be equal")
	}
}

func testConfig() *Config {
	return NewConfig(
		[]Shape{Array(F32, 2, 3), Array(F32, 4), Tuple(Array(F32, 4), Array(S32))},
		Tuple(Array(F32, 2, 3), Array(F32, 4), Array(F32, 4)))
}

func TestSetUpAliasErrors(t *testing.T) {
	c := testConfig()
	if err := c.Aliases.SetUpAlias(ShapeIndex{0}, 0, nil, MustAlias, Origin{}); err != nil {
		t.Fatal(err)
	}
	err := c.Aliases.SetUpAlias(ShapeIndex{0}, 1, nil, MayAlias, Origin{})
	want := "Trying to set up output alias for param 1 at {} but failed: output index {0} is already aliased with param 0 at {}"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %q", err, want)
	}
	err = c.Aliases.SetUpAlias(ShapeIndex{3}, 1, nil, MayAlias, Origin{})
	want = "Trying to set up alias at {3} which is an invalid index for shape (f32[2,3], f32[4], f32[4])"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %q", err, want)
	}
}

func TestPrintForms(t *testing.T) {
	c := testConfig()
	must(t, c.Aliases.SetUpAlias(ShapeIndex{0}, 0, nil, MustAlias, Origin{}))
	must(t, c.Aliases.SetUpAlias(ShapeIndex{1}, 2, ShapeIndex{0}, MayAlias, Origin{}))
	must(t, c.Donors.AddBufferDonor(1, nil, Origin{}))
	// Names show in JSON, never in XLA's own texts.
	c.Names = Names{Params: []Name{nameOf("w"), nameOf(`say "hi"`), {}}, Outputs: []Name{{}, nameOf("[1]")}}
	long := `HloInputOutputAliasConfig
  Output shape: (f32[2,3], f32[4], f32[4])
  OutputIndex {0} is must-aliased with parameter 0 at {}:
  OutputIndex {1} is may-aliased with parameter 2 at {0}:
HloBufferDonorConfig
  Parameter 1 at {} is registered as a buffer donor.
`
	if got := c.LongString(); got != long {
		t.Errorf("LongString:\n%s\nwant:\n%s", got, long)
	}
	short := "input_output_alias={ {0}: (0, {}, must-alias), {1}: (2, {0}, may-alias) }, buffer_donor={ (1, {}) }\n"
	if got := c.ShortString(); got != short {
		t.Errorf("ShortString = %q, want %q", got, short)
	}
	js := `{"output_shape": "(f32[2,3]{1,0}, f32[4]{0}, f32[4]{0})", ` +
		`"parameters": [{"parameter_number": 0, "name": "w", "shape": "f32[2,3]{1,0}", "bytes": 24, "memory_space": 0}, {"parameter_number": 1, "name": "say \"hi\"", "shape": "f32[4]{0}", "bytes": 16, "memory_space": 0}, {"parameter_number": 2, "shape": "(f32[4]{0}, s32[])", "bytes": 20, "memory_space": 0}], ` +
		`"outputs": [{"output_index": [0], "shape": "f32[2,3]{1,0}", "bytes": 24, "memory_space": 0}, {"output_index": [1], "name": "[1]", "shape": "f32[4]{0}", "bytes": 16, "memory_space": 0}, {"output_index": [2], "shape": "f32[4]{0}", "bytes": 16, "memory_space": 0}], ` +
		`"aliases": [{"output_index": [0], "parameter_number": 0, "parameter_index": [], "parameter_name": "w", "kind": "must", "bytes": 24, "parameter_shape": "f32[2,3]{1,0}", "output_shape": "f32[2,3]{1,0}", "memory_space": 0}, {"output_index": [1], "output_name": "[1]", "parameter_number": 2, "parameter_index": [0], "kind": "may", "bytes": 16, "parameter_shape": "f32[4]{0}", "output_shape": "f32[4]{0}", "memory_space": 0}], ` +
		`"donors": [{"parameter_number": 1, "parameter_index": [], "name": "say \"hi\"", "bytes": 16, "shape": "f32[4]{0}", "memory_space": 0}], ` +
		`"memory": {"parameter_bytes": 60, "output_bytes": 56, "must_alias_bytes": 24, "may_alias_bytes": 16, "unused_donor_bytes": 16, "unaliased_output_bytes": 16, "unknown_size_leaves": 0, ` +
		`"memory_spaces": [{"memory_space": 0, "name": "device memory", "parameter_bytes": 60, "output_bytes": 56, "must_alias_bytes": 24, "may_alias_bytes": 16, "unused_donor_bytes": 16, "unaliased_output_bytes": 16, "unknown_size_leaves": 0}]}}` + "\n"
	if got := c.JSON(); got != js {
		t.Errorf("JSON = %s want %s", got, js)
	}
}

func TestVerify(t *testing.T) {
	tests := []struct {
		name  string
		setup func(c *Config)
		want  string // substring of the error, "" for none
	}{
		{"ok", func(c *Config) {
			must(t, c.Aliases.SetUpAlias(ShapeIndex{1}, 1, nil, MustAlias, Origin{}))
		}, ""},
		{"size", func(c *Config) {
			must(t, c.Aliases.SetUpAlias(ShapeIndex{1}, 0, nil, MayAlias, Origin{}))
		}, "Expected aliased input 0 at index {} and output at index {1} to have the same size. Input sub-shape is f32[2,3]{1,0} with size 24, output sub-shape is f32[4]{0} with size 16"},
		{"param range", func(c *Config) {
			must(t, c.Aliases.SetUpAlias(ShapeIndex{1}, 7, nil, MayAlias, Origin{}))
		}, "aliased with parameter 7, but the entry function has 3 parameter(s)"},
		{"tuple param", func(c *Config) {
			must(t, c.Aliases.SetUpAlias(ShapeIndex{1}, 2, nil, MayAlias, Origin{}))
		}, "is not an array"},
		{"tuple output", func(c *Config) {
			must(t, c.Aliases.SetUpAlias(ShapeIndex{}, 1, nil, MayAlias, Origin{}))
		}, "is not an array"},
		{"twice", func(c *Config) {
			must(t, c.Aliases.SetUpAlias(ShapeIndex{1}, 1, nil, MayAlias, Origin{}))
			must(t, c.Aliases.SetUpAlias(ShapeIndex{2}, 1, nil, MayAlias, Origin{}))
		}, "parameter 1 at {} is aliased with more than one output: output index {1} and output index {2}"},
		{"must types", func(c *Config) {
			must(t, c.Aliases.SetUpAlias(ShapeIndex{1}, 2, ShapeIndex{1}, MustAlias, Origin{}))
		}, "size"},
		{"donor aliased", func(c *Config) {
			must(t, c.Aliases.SetUpAlias(ShapeIndex{1}, 1, nil, MayAlias, Origin{}))
			must(t, c.Donors.AddBufferDonor(1, nil, Origin{}))
		}, "Input 1 at index {} is registered as a buffer donor. However, it is also in the input output alias config."},
		{"donor tuple", func(c *Config) {
			must(t, c.Donors.AddBufferDonor(2, nil, Origin{}))
		}, "buffer donor parameter 2 at {} is not an array"},
	}
	for _, tt := range tests {
		c := testConfig()
		tt.setup(c)
		err := Verify(c).Err()
		if tt.want == "" {
			if err != nil {
				t.Errorf("%s: unexpected %v", tt.name, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want %q", tt.name, err, tt.want)
		}
	}
}

// TestVerifyUpstreamRules pins the two upstream verifiers Verify applies:
// MHLO's rule for every alias read from mhlo.result_alias, may or must,
// and XLA's must-alias rule (the same shape, layout and memory space).
func TestVerifyUpstreamRules(t *testing.T) {
	ra := Origin{Attr: "mhlo.result_alias"}
	tf := Origin{Attr: "tf.aliasing_output"}
	host := func(s Shape) Shape { s.SetMemorySpace(5); return s }
	colMajor := Array(F32, 2, 3)
	colMajor.MinorToMajor = []int64{0, 1}
	dyn := Array(F32, 2, 3)
	dyn.SetDynamic([]bool{true, false})
	dyn.Dims[0] = UnboundedSize
	unresolved := func(s Shape) Shape { s.HasLayout, s.MinorToMajor = false, nil; return s }
	const mhlo = `attribute "mhlo.result_alias" aliases do not have compatible types, `
	const xla = "Shape and memory space of the result at index "
	tests := []struct {
		name          string
		param, output Shape
		kind          AliasKind
		origin        Origin
		want          string
	}{
		{"may result_alias, byte-size pair", Array(F32, 8, 4), Array(F32, 32), MayAlias, ra,
			mhlo + "'tensor<8x4xf32>' vs. 'tensor<32xf32>'"},
		{"may result_alias, element types", Array(S32, 4), Array(F32, 4), MayAlias, ra,
			mhlo + "'tensor<4xi32>' vs. 'tensor<4xf32>'"},
		{"must result_alias, element types", Array(S32, 4), Array(F32, 4), MustAlias, ra,
			mhlo + "'tensor<4xi32>' vs. 'tensor<4xf32>'"},
		{"may tf, byte-size pair", Array(F32, 8, 4), Array(F32, 32), MayAlias, tf, ""},
		{"may pass-made, byte-size pair", Array(F32, 8, 4), Array(F32, 32), MayAlias, Origin{}, ""},
		{"may result_alias, dynamic", dyn, Array(F32, 2, 3), MayAlias, ra, ""},
		{"may result_alias, layouts differ", colMajor, Array(F32, 2, 3), MayAlias, ra, ""},
		{"may result_alias, memory spaces differ", host(Array(F32, 16)), Array(F32, 16), MayAlias, ra, ""},
		{"must, byte-size pair", Array(F32, 8, 4), Array(F32, 32), MustAlias, tf,
			xla + "{} (f32[32]{0}) must be the same as the shape and memory spaceof aliased parameter 0 at index {} (f32[8,4]{1,0})"},
		{"must, element types", Array(S32, 4), Array(F32, 4), MustAlias, Origin{},
			xla + "{} (f32[4]{0}) must be the same as the shape and memory spaceof aliased parameter 0 at index {} (s32[4]{0})"},
		{"must, memory spaces", host(Array(F32, 16)), Array(F32, 16), MustAlias, Origin{},
			xla + "{} (f32[16]{0}) must be the same as the shape and memory spaceof aliased parameter 0 at index {} (f32[16]{0:S(5)})"},
		{"must, layouts", colMajor, Array(F32, 2, 3), MustAlias, Origin{},
			xla + "{} (f32[2,3]{1,0}) must be the same as the shape and memory spaceof aliased parameter 0 at index {} (f32[2,3]{0,1})"},
		// MHLO accepts a dynamic dimension against any size; XLA's
		// Shape::Equal does not.
		{"must result_alias, dynamic", dyn, Array(F32, 2, 3), MustAlias, ra,
			xla + "{} (f32[2,3]{1,0}) must be the same as the shape and memory spaceof aliased parameter 0 at index {} (f32[?,3]{1,0})"},
		{"must, same", host(Array(F32, 16)), host(Array(F32, 16)), MustAlias, ra, ""},
		// An unresolved layout compares the shape and the memory space.
		{"must, unresolved", unresolved(Array(F32, 2, 3)), Array(F32, 2, 3), MustAlias, ra, ""},
		{"must, unresolved, memory spaces", unresolved(host(Array(F32, 16))), unresolved(Array(F32, 16)), MustAlias, ra,
			xla + "{} (f32[16]) must be the same as the shape and memory spaceof aliased parameter 0 at index {} (f32[16]{:S(5)})"},
	}
	for _, tt := range tests {
		c := NewConfig([]Shape{tt.param}, tt.output)
		must(t, c.Aliases.SetUpAlias(nil, 0, nil, tt.kind, tt.origin))
		err := Verify(c).Err()
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: unexpected %v", tt.name, err)
		case tt.want != "" && (err == nil || !strings.HasSuffix(err.Error(), ": "+tt.want)):
			t.Errorf("%s: got %v\nwant %s", tt.name, err, tt.want)
		}
	}
}

// XLA's message names the result's index and the parameter's index of
// tuples, and prints each side's own leaf.
func TestVerifyMustAliasInTuples(t *testing.T) {
	host := Array(F32, 16)
	host.SetMemorySpace(5)
	c := NewConfig([]Shape{Array(F32, 2), Tuple(Array(F32, 16), host)}, Tuple(Array(F32, 16), Array(F32, 2)))
	must(t, c.Aliases.SetUpAlias(ShapeIndex{0}, 1, ShapeIndex{1}, MustAlias, Origin{}))
	want := "Shape and memory space of the result at index {0} (f32[16]{0}) must be the same as the shape and memory spaceof aliased parameter 1 at index {1} (f32[16]{0:S(5)})"
	if err := Verify(c).Err(); err == nil || !strings.HasSuffix(err.Error(), ": "+want) {
		t.Errorf("got %v\nwant %s", err, want)
	}
	c = NewConfig(c.Params, c.Output().Clone())
	must(t, c.Aliases.SetUpAlias(ShapeIndex{0}, 1, ShapeIndex{0}, MustAlias, Origin{}))
	if err := Verify(c).Err(); err != nil {
		t.Errorf("parameter 1 at {0} is the same buffer: %v", err)
	}
}

func TestDonorConfigOrder(t *testing.T) {
	var d DonorConfig
	must(t, d.AddBufferDonor(2, nil, Origin{}))
	must(t, d.AddBufferDonor(0, ShapeIndex{1}, Origin{}))
	must(t, d.AddBufferDonor(0, ShapeIndex{0}, Origin{}))
	must(t, d.AddBufferDonor(2, nil, Origin{}))
	if got, want := d.ShortString(), "(0, {0}), (0, {1}), (2, {})"; got != want {
		t.Errorf("got %q want %q", got, want)
	}
	d.RemoveBufferDonor(0, ShapeIndex{1})
	if d.ParameterIsBufferDonor(0, ShapeIndex{1}) || d.Len() != 2 {
		t.Errorf("remove failed: %s", d.ShortString())
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestGrowAllocations checks that after Grow the aliases a front end read
// are set up without growing the config's tables again and again.
func TestGrowAllocations(t *testing.T) {
	const n = 1000
	elems := make([]Shape, n)
	for i := range elems {
		elems[i] = Array(F32, 4)
	}
	output := Tuple(elems...)
	outs := make([]ShapeIndex, n)
	for i := range outs {
		outs[i] = ShapeIndex{int64(i)}
	}
	origin := Origin{Attr: "tf.aliasing_output", Pos: ast.Pos{Filename: "m.mlir", Line: 1, Column: 1}}
	setUp := func(grow bool) float64 {
		return testing.AllocsPerRun(5, func() {
			c := NewAliasConfig(output)
			if grow {
				c.Grow(n)
			}
			for i := int64(0); i < n; i++ {
				if err := c.SetUpAlias(outs[i], i, ShapeIndex{}, MayAlias, origin); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
	empty := testing.AllocsPerRun(5, func() { NewAliasConfig(output) })
	grown, doubled := setUp(true), setUp(false)
	if grown-empty > 10 || grown >= doubled {
		t.Errorf("setting up %d aliases: %.0f allocations after Grow, %.0f without, %.0f for the config alone", n, grown, doubled, empty)
	}
}
