package passes

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// gen builds random valid configs from a small vocabulary of shapes, so
// that discovery and donation find pairs often.
type gen struct{ r *rand.Rand }

func newGen(seed uint64) *gen { return &gen{rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))} }

func (g *gen) array() model.Shape {
	elem := model.F32
	switch g.r.IntN(6) {
	case 0:
		elem = model.S32
	case 1:
		elem = model.BF16
	}
	dims := make([]int64, g.r.IntN(3))
	for i := range dims {
		dims[i] = int64(2 + g.r.IntN(4)/3)
	}
	s := model.Array(elem, dims...)
	switch n := g.r.IntN(24); {
	case n == 0:
		s = unres(s)
	case n < 3 && len(dims) == 2:
		s = layout(s, 0, 1)
	case n < 5 && len(dims) > 0:
		s = dyn(s, 0)
	}
	return s
}

func (g *gen) shape(depth int) model.Shape {
	switch n := g.r.IntN(10); {
	case n == 0:
		return tok()
	case n < 3 && depth < 2:
		elems := make([]model.Shape, 1+g.r.IntN(3))
		for i := range elems {
			elems[i] = g.shape(depth + 1)
		}
		return tup(elems...)
	}
	return g.array()
}

// config returns a config that model.Verify accepts: aliases join array
// leaves MHLO would accept in mhlo.result_alias, must-aliases only leaves
// XLA's verifier accepts (the same shape and layout), each parameter leaf
// at most once, and donors are unaliased array leaves.
func (g *gen) config() *model.Config {
	ps := make([]model.Shape, 1+g.r.IntN(5))
	for i := range ps {
		ps[i] = g.shape(0)
	}
	if g.r.IntN(8) == 0 { // as with use-tuple-args
		ps = []model.Shape{tup(ps...)}
	}
	out := g.shape(0)
	if g.r.IntN(4) != 0 {
		elems := make([]model.Shape, 2+g.r.IntN(3))
		for i := range elems {
			elems[i] = g.shape(1)
		}
		out = tup(elems...)
	}
	c := model.NewConfig(ps, out)
	type leaf struct {
		p  int64
		pi model.ShapeIndex
		s  *model.Shape
	}
	var leaves []leaf
	for p := range ps {
		ps[p].ForEachSubshape(func(pi model.ShapeIndex, s *model.Shape) {
			if s.IsArray() {
				leaves = append(leaves, leaf{int64(p), pi.Clone(), s})
			}
		})
	}
	used := map[int]bool{}
	c.Output().ForEachSubshape(func(out model.ShapeIndex, s *model.Shape) {
		if !s.IsArray() || g.r.IntN(3) != 0 {
			return
		}
		for _, i := range g.r.Perm(len(leaves)) {
			l := leaves[i]
			sameSize := s.IsDynamic() || l.s.IsDynamic() || s.ByteSize() == l.s.ByteSize()
			if used[i] || !model.Compatible(l.s, s) || !sameSize {
				continue
			}
			used[i] = true
			kind := model.AliasKind(g.r.IntN(2))
			if kind == model.MustAlias && !model.SameBuffer(l.s, s) {
				kind = model.MayAlias // XLA's verifier would reject the must-alias
			}
			if err := c.Aliases.SetUpAlias(out, l.p, l.pi, kind, model.Origin{}); err != nil {
				panic(err)
			}
			return
		}
	})
	for i, l := range leaves {
		if !used[i] && g.r.IntN(2) == 0 {
			if err := c.Donors.AddBufferDonor(l.p, l.pi, model.Origin{}); err != nil {
				panic(err)
			}
		}
	}
	if errs := model.Verify(c); errs.HasErrors() {
		panic(fmt.Sprintf("generator made an invalid config: %v\n%s", errs, c.LongString()))
	}
	return c
}

// triples is the set of (output, parameter, parameter index) of c's
// aliases, kinds left out.
func triples(c *model.Config) string {
	var parts []string
	c.Aliases.ForEachAlias(func(out model.ShapeIndex, a model.Alias) {
		parts = append(parts, fmt.Sprintf("%s<-(%d,%s)", out, a.ParamNumber, a.ParamIndex))
	})
	return strings.Join(parts, " ")
}

func TestFlipKeepsPairs(t *testing.T) {
	for seed := range uint64(300) {
		c := newGen(seed).config()
		before := triples(c)
		// Without verification: promoting a may-alias of leaves that
		// differ in layout or dynamic dimensions makes a must-alias XLA's
		// verifier rejects (TestPromoteIncompatibleFailsVerify); the
		// pairs are what this test is about.
		if err := Run(c, Of(FlipMustAliases, FlipMayAliases), RunOptions{}); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if got := triples(c); got != before {
			t.Fatalf("seed %d: pairs changed:\n%s\nto\n%s", seed, before, got)
		}
		if strings.Contains(short(c), "may-alias") {
			t.Fatalf("seed %d: flip-may-aliases left a may-alias: %s", seed, short(c))
		}
	}
}

// TestRandomPipelines runs random pipelines of up to five passes over
// random valid configs. Each step must leave a valid config (or fail with
// donation's layout diagnostic), report changed exactly when the printed
// config differs, and give the same result twice.
func TestRandomPipelines(t *testing.T) {
	changes := map[*Pass]int{}
	layoutErrors := 0
	for seed := range uint64(2000) {
		g := newGen(seed)
		c := g.config()
		pipeline := make(Pipeline, 1+g.r.IntN(5))
		for i := range pipeline {
			pipeline[i] = Step{Pass: All[g.r.IntN(len(All))]}
			if pipeline[i].Pass == OptimizeInputOutputBufferAlias && g.r.IntN(2) == 0 {
				pipeline[i].Options = map[string]string{OptRegisteredDonorsOnly: "false"}
			}
		}
		twin := c.Clone()
		failed := false
		for _, step := range pipeline {
			p := step.Pass
			before := c.LongString()
			opts, err := step.options()
			if err != nil {
				t.Fatal(err)
			}
			changed, err := p.Run(c, opts)
			if err != nil {
				donation := p == BufferDonationToAlias || p == OptimizeInputOutputBufferAlias
				if !donation || !strings.Contains(err.Error(), "needs resolved layouts") {
					t.Fatalf("seed %d: %s: %v", seed, p.Name, err)
				}
				layoutErrors++
				failed = true
				break
			}
			if changed != (c.LongString() != before) {
				t.Fatalf("seed %d: %s reported changed = %v for\n%s->\n%s", seed, p.Name, changed, before, c.LongString())
			}
			if errs := model.Verify(c); errs.HasErrors() {
				// A may-alias needs only equal byte sizes (XLA's donation
				// pairs by byte size alone, and the generator pairs
				// layouts that differ); promoting such a pair to a
				// must-alias is the one way a pass breaks the model, and
				// XLA's verifier says so.
				promote := p == FlipMayAliases || p == AliasToMustAlias
				if !promote || !strings.Contains(errs.Error(), "must be the same as the shape and memory space") {
					t.Fatalf("seed %d: after %s: %v\nbefore:\n%s", seed, p.Name, errs, before)
				}
				failed = true
				break
			}
			if changed {
				changes[p]++
			}
		}
		// The same pipeline through Run, on a copy: same verdict, same result.
		err := Run(twin, pipeline, RunOptions{VerifyEach: true})
		if (err != nil) != failed {
			t.Fatalf("seed %d: Run error %v, step by step failed = %v", seed, err, failed)
		}
		if !failed && twin.LongString() != c.LongString() {
			t.Fatalf("seed %d: two runs differ:\n%s\n%s", seed, c.LongString(), twin.LongString())
		}
	}
	// The generator must exercise the passes, or the test proves nothing.
	for _, p := range All {
		if changes[p] < 50 {
			t.Errorf("weak generator: %s changed a config only %d times", p.Name, changes[p])
		}
	}
	if layoutErrors == 0 {
		t.Error("weak generator: donation never met an unresolved layout")
	}
}

// TestAddParallel runs both add passes on random configs with the keys
// printed on two goroutines and on one, and requires the same result.
func TestAddParallel(t *testing.T) {
	defer func(n int) { parallelKeys = n }(parallelKeys)
	for seed := uint64(0); seed < 300; seed++ {
		for _, p := range []*Pass{AddMayAliases, AddMustAliases} {
			base := newGen(seed).config()
			var got [2]string
			for i, n := range []int{1 << 30, 0} {
				parallelKeys = n
				c := base.Clone()
				changed, err := p.Run(c, p.Defaults())
				got[i] = fmt.Sprint(changed, err, c.LongString())
			}
			if got[0] != got[1] {
				t.Fatalf("seed %d, %s: one goroutine:\n%s\ntwo:\n%s", seed, p.Name, got[0], got[1])
			}
		}
	}
}

// TestAddPairing checks add-may-aliases and add-must-aliases against
// their definition, read literally: each free output array leaf in
// pre-order takes the lowest-numbered free array parameter of the same
// key that no earlier output took.
func TestAddPairing(t *testing.T) {
	for seed := uint64(0); seed < 500; seed++ {
		for _, p := range []*Pass{AddMayAliases, AddMustAliases} {
			base := newGen(seed).config()
			want := base.Clone()
			kind := model.MayAlias
			if p == AddMustAliases {
				kind = model.MustAlias
			}
			free := map[int64]bool{}
			for i := range want.Params {
				if want.Params[i].IsArray() && !want.Aliases.ParameterHasAlias(int64(i), model.ShapeIndex{}) {
					free[int64(i)] = true
				}
			}
			var outs []model.ShapeIndex
			var shapes []*model.Shape
			want.Aliases.ForEachOutput(func(out model.ShapeIndex, sub *model.Shape) {
				if sub.IsArray() && !want.Aliases.OutputHasAlias(out) {
					outs, shapes = append(outs, out.Clone()), append(shapes, sub)
				}
			})
			wantChanged := false
			for j, out := range outs {
				key := string(shapes[j].AppendText(nil, true))
				for i := range want.Params {
					if free[int64(i)] && string(want.Params[i].AppendText(nil, true)) == key {
						delete(free, int64(i))
						if err := want.Aliases.SetUpAlias(out, int64(i), model.ShapeIndex{}, kind, model.Origin{}); err != nil {
							t.Fatal(err)
						}
						want.Donors.RemoveBufferDonor(int64(i), model.ShapeIndex{})
						wantChanged = true
						break
					}
				}
			}
			got := base.Clone()
			changed, err := p.Run(got, p.Defaults())
			if err != nil || changed != wantChanged || got.LongString() != want.LongString() {
				t.Fatalf("seed %d, %s: changed %v, %v:\n%s\nwant changed %v:\n%s", seed, p.Name, changed, err, got.LongString(), wantChanged, want.LongString())
			}
		}
	}
}
