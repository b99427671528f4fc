package hloproto

import (
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/edit"
	"github.com/mhlo-alias/mhlo-alias/hlo"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// randomConfig returns cfg with random aliases and donors that verify.
func randomConfig(r *rand.Rand, cfg *model.Config) *model.Config {
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
	for {
		c := cfg.Clone()
		c.Aliases = cfg.Aliases.Cleared()
		c.Donors = &model.DonorConfig{}
		c.Aliases.ForEachOutput(func(out model.ShapeIndex, s *model.Shape) {
			if !s.IsArray() || r.Intn(2) == 0 {
				return
			}
			l := leaves[r.Intn(len(leaves))]
			if model.Equal(l.shape, s) {
				kind := model.MayAlias
				if r.Intn(2) == 0 {
					kind = model.MustAlias
				}
				c.Aliases.SetUpAlias(out.Clone(), l.param, l.index, kind, model.Origin{})
			}
		})
		for _, l := range leaves {
			if r.Intn(3) == 0 && !c.Aliases.ParameterHasAlias(l.param, l.index) {
				c.Donors.AddBufferDonor(l.param, l.index, model.Origin{})
			}
		}
		ok := true
		for _, e := range model.Verify(c) {
			ok = ok && e.Severity != ast.SevError
		}
		if ok {
			return c
		}
	}
}

// TestPropertyRandomConfigs: for random configs, the proto the rewrite
// writes and the HLO text header written for the same module read back to
// the same config.
func TestPropertyRandomConfigs(t *testing.T) {
	r := rand.New(rand.NewSource(22))
	aliases, donors := 0, 0
	for _, pb := range modules(t) {
		src, _ := os.ReadFile(pb)
		_, snapshot := wrap(src)
		hloPath := strings.TrimSuffix(pb, ".pb") + ".hlo"
		text, _ := os.ReadFile(hloPath)
		tf, err := hlo.ParseFile(hloPath, text, hlo.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range [][]byte{src, snapshot} {
			f, cfg, err := ReadNamed("", in, Unknown)
			if err != nil {
				t.Fatal(err)
			}
			for n := 0; n < 25; n++ {
				want := randomConfig(r, cfg)
				aliases, donors = aliases+want.Aliases.Len(), donors+want.Donors.Len()
				_, got, err := ReadNamed("", f.Rewrite(in, want), f.Kind)
				if err != nil {
					t.Fatalf("%s: %v", pb, err)
				}
				edits, err := hlo.Edits(tf, text, want)
				if err != nil {
					t.Fatal(err)
				}
				out, err := edit.Bytes(text, edits)
				if err != nil {
					t.Fatal(err)
				}
				tf2, err := hlo.ParseFile(hloPath, out, hlo.Options{})
				if err != nil {
					t.Fatalf("%s: %v\n%s", hloPath, err, out)
				}
				fromText, errs := hlo.Lower(tf2, out)
				if errs.HasErrors() {
					t.Fatalf("%s: %v", hloPath, errs)
				}
				if summary(got) != summary(want) || summary(fromText) != summary(want) {
					t.Fatalf("%s: wrote\n%s\nproto read back\n%s\nHLO text read back\n%s", pb, summary(want), summary(got), summary(fromText))
				}
			}
		}
	}
	if aliases < 100 || donors < 100 {
		t.Errorf("the random configs held %d aliases and %d donors in all: too few to test", aliases, donors)
	}
	t.Logf("%d aliases, %d donors", aliases, donors)
}
