package mhloalias

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/edit"
	"github.com/mhlo-alias/mhlo-alias/hlo"
	"github.com/mhlo-alias/mhlo-alias/lower"
	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/parser"
	"github.com/mhlo-alias/mhlo-alias/printer"
)

// propLeaf is an array type the property test draws from, spelled in both
// front ends.
type propLeaf struct{ hlo, mlir string }

var propLeaves = []propLeaf{
	{"f32[4]", "tensor<4xf32>"},
	{"f32[2,2]", "tensor<2x2xf32>"},
	{"s32[4]", "tensor<4xi32>"},
	{"bf16[8]", "tensor<8xbf16>"},
	{"pred[16]", "tensor<16xi1>"},
	{"u8[16]", "tensor<16xui8>"},
}

// propType is a parameter or result type: an array, or for parameters a
// tuple of arrays.
type propType struct{ elems []propLeaf } // one element and !tuple: an array

type propModule struct {
	params  []propType
	tuples  []bool // params[i] is a tuple
	results []propLeaf
}

func randomModule(r *rand.Rand) propModule {
	var m propModule
	for i := 0; i < 1+r.Intn(5); i++ {
		tuple := r.Intn(4) == 0
		n := 1
		if tuple {
			n = 1 + r.Intn(3)
		}
		var t propType
		for j := 0; j < n; j++ {
			t.elems = append(t.elems, propLeaves[r.Intn(len(propLeaves))])
		}
		m.params = append(m.params, t)
		m.tuples = append(m.tuples, tuple)
	}
	for i := 0; i < 2+r.Intn(4); i++ {
		m.results = append(m.results, propLeaves[r.Intn(len(propLeaves))])
	}
	return m
}

// hloText is the module as HLO text with no aliases.
func (m propModule) hloText() string {
	var b strings.Builder
	b.WriteString("HloModule prop\n\nENTRY main {\n")
	for i, p := range m.params {
		fmt.Fprintf(&b, "  p%d = %s parameter(%d)\n", i, m.hloType(i, p), i)
	}
	var rs, names []string
	for i, r := range m.results {
		fmt.Fprintf(&b, "  r%d = %s custom-call(), custom_call_target=\"make\"\n", i, r.hlo)
		rs = append(rs, r.hlo)
		names = append(names, fmt.Sprintf("r%d", i))
	}
	fmt.Fprintf(&b, "  ROOT out = (%s) tuple(%s)\n}\n", strings.Join(rs, ", "), strings.Join(names, ", "))
	return b.String()
}

func (m propModule) hloType(i int, p propType) string {
	if !m.tuples[i] {
		return p.elems[0].hlo
	}
	var parts []string
	for _, e := range p.elems {
		parts = append(parts, e.hlo)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// mlirText is the same module as MLIR with no aliases.
func (m propModule) mlirText() string {
	var args, res []string
	for i, p := range m.params {
		t := p.elems[0].mlir
		if m.tuples[i] {
			var parts []string
			for _, e := range p.elems {
				parts = append(parts, e.mlir)
			}
			t = "tuple<" + strings.Join(parts, ", ") + ">"
		}
		args = append(args, fmt.Sprintf("%%arg%d: %s", i, t))
	}
	for _, r := range m.results {
		res = append(res, r.mlir)
	}
	return fmt.Sprintf("module @prop {\n  func.func @main(%s) -> (%s) {\n    %%0:%d = \"test.make\"() : () -> (%s)\n    return %%0#0 : %s\n  }\n}\n",
		strings.Join(args, ", "), strings.Join(res, ", "), len(res), strings.Join(res, ", "), res[0])
}

// randomConfig sets up random aliases (may between leaves of equal byte
// size, must between equal shapes) and donors on cfg.
func randomConfig(r *rand.Rand, cfg *model.Config) {
	type leaf struct {
		param int64
		index model.ShapeIndex
		shape *model.Shape
	}
	var leaves []leaf
	for i := range cfg.Params {
		cfg.Params[i].ForEachSubshape(func(index model.ShapeIndex, s *model.Shape) {
			if s.IsArray() {
				leaves = append(leaves, leaf{int64(i), index.Clone(), s})
			}
		})
	}
	used := map[int]bool{}
	cfg.Output().ForEachSubshape(func(out model.ShapeIndex, s *model.Shape) {
		if !s.IsArray() || r.Intn(2) == 0 {
			return
		}
		for _, k := range r.Perm(len(leaves)) {
			l := leaves[k]
			if used[k] || l.shape.ByteSize() != s.ByteSize() {
				continue
			}
			kind := model.MayAlias
			if model.Equal(l.shape, s) && r.Intn(2) == 0 {
				kind = model.MustAlias
			}
			if cfg.Aliases.SetUpAlias(out.Clone(), l.param, l.index, kind, model.Origin{}) == nil {
				used[k] = true
			}
			return
		}
	})
	for k, l := range leaves {
		// jax.buffer_donor marks a whole argument: MLIR has no donor of a
		// tuple's element.
		if !used[k] && len(l.index) == 0 && r.Intn(3) == 0 {
			cfg.Donors.AddBufferDonor(l.param, l.index, model.Origin{})
		}
	}
}

// TestHLOAndMLIRWriteTheSameConfig writes random configs into the same
// module as HLO text (the header) and as MLIR (--emit=module): both must
// read back to the config written.
func TestHLOAndMLIRWriteTheSameConfig(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	emit, _ := printer.ParseEmit("module")
	for iter := 0; iter < 300; iter++ {
		m := randomModule(r)
		hsrc, msrc := []byte(m.hloText()), []byte(m.mlirText())
		hf, err := hlo.ParseFile("prop.hlo", hsrc, hlo.Options{})
		if err != nil {
			t.Fatalf("%v\n%s", err, hsrc)
		}
		hcfg, errs := hlo.Lower(hf, hsrc)
		if errs.HasErrors() {
			t.Fatalf("%v\n%s", errs, hsrc)
		}
		mf, err := parser.ParseFile("prop.mlir", msrc, parser.Options{})
		if err != nil {
			t.Fatalf("%v\n%s", err, msrc)
		}
		mcfg, errs := lower.Lower(mf, msrc, lower.Options{})
		if errs.HasErrors() {
			t.Fatalf("%v\n%s", errs, msrc)
		}
		if hcfg.LongString() != mcfg.LongString() || hcfg.Output().StringWithLayout() != mcfg.Output().StringWithLayout() {
			t.Fatalf("the two front ends read different modules:\n%s\n%s", hcfg.LongString(), mcfg.LongString())
		}
		read := hlo.TablesOf(hcfg)
		randomConfig(r, hcfg)
		if errs := model.Verify(hcfg); errs.HasErrors() {
			t.Fatalf("the random config is invalid: %v", errs)
		}
		want := hcfg.LongString()
		mcfg.Aliases, mcfg.Donors = hcfg.Aliases.Clone(), hcfg.Donors.Clone()

		hedits, err := hlo.Edits(hf, hsrc, hcfg)
		if err != nil {
			t.Fatal(err)
		}
		// The tables taken before the change spare Edits its second
		// lowering, and give the same edits.
		if since, err := hlo.EditsSince(hf, hsrc, read, hcfg); err != nil || !slices.Equal(since, hedits) {
			t.Fatalf("EditsSince gave %v, %v; Edits %v", since, err, hedits)
		}
		hout, _ := edit.Bytes(hsrc, hedits)
		medits, err := printer.Edits(mf, msrc, mcfg, emit)
		if err != nil {
			t.Fatal(err)
		}
		mout, _ := edit.Bytes(msrc, medits)
		header, _, _ := strings.Cut(string(hout), "\n")
		if wantHeader := strings.TrimSuffix("HloModule prop, "+hcfg.ShortString(), "\n"); hcfg.Aliases.Len()+hcfg.Donors.Len() > 0 && header != wantHeader {
			t.Fatalf("HLO header %q, want %q", header, wantHeader)
		}

		hf2, err := hlo.ParseFile("prop.hlo", hout, hlo.Options{})
		if err != nil {
			t.Fatalf("HLO output does not read: %v\n%s", err, hout)
		}
		hback, errs := hlo.Lower(hf2, hout)
		if errs.HasErrors() {
			t.Fatalf("HLO output does not lower: %v\n%s", errs, hout)
		}
		mf2, err := parser.ParseFile("prop.mlir", mout, parser.Options{})
		if err != nil {
			t.Fatalf("MLIR output does not read: %v\n%s", err, mout)
		}
		mback, errs := lower.Lower(mf2, mout, lower.Options{})
		if errs.HasErrors() {
			t.Fatalf("MLIR output does not lower: %v\n%s", errs, mout)
		}
		if got := hback.LongString(); got != want {
			t.Fatalf("HLO reads back\n%s\nwant\n%s\nfrom\n%s", got, want, hout)
		}
		if got := mback.LongString(); got != want {
			t.Fatalf("MLIR reads back\n%s\nwant\n%s\nfrom\n%s", got, want, mout)
		}
	}
}
