package passes

import (
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/model"
)

func TestFlipAndPromote(t *testing.T) {
	mixed := func() *model.Config {
		return cfg(params(f32(2), f32(3), f32(4)), tup(f32(2), f32(3), f32(4)),
			must(ix(0), 0, ix()), may(ix(1), 1, ix()), donor(2, ix()))
	}
	allMay := func() *model.Config {
		return cfg(params(f32(2), f32(3)), tup(f32(2), f32(3)), may(ix(0), 0, ix()), may(ix(1), 1, ix()))
	}
	allMust := func() *model.Config {
		return cfg(params(f32(2), f32(3)), tup(f32(2), f32(3)), must(ix(0), 0, ix()), must(ix(1), 1, ix()))
	}
	const (
		mixedToMay  = "input_output_alias={ {0}: (0, {}, may-alias), {1}: (1, {}, may-alias) }, buffer_donor={ (2, {}) }"
		mixedToMust = "input_output_alias={ {0}: (0, {}, must-alias), {1}: (1, {}, must-alias) }, buffer_donor={ (2, {}) }"
		twoMay      = "input_output_alias={ {0}: (0, {}, may-alias), {1}: (1, {}, may-alias) }"
		twoMust     = "input_output_alias={ {0}: (0, {}, must-alias), {1}: (1, {}, must-alias) }"
	)
	runCases(t, []passCase{
		// The name is the kind flipped away: flip-must-aliases makes may.
		{name: "blanket: must and may become may", pass: FlipMustAliases, c: mixed(), want: mixedToMay, changed: true},
		{name: "all may already", pass: FlipMustAliases, c: allMay(), want: twoMay, changed: false},
		{name: "all must become may", pass: FlipMustAliases, c: allMust(), want: twoMay, changed: true},
		{name: "blanket: may and must become must", pass: FlipMayAliases, c: mixed(), want: mixedToMust, changed: true},
		{name: "all must already", pass: FlipMayAliases, c: allMust(), want: twoMust, changed: false},
		{name: "all may become must", pass: FlipMayAliases, c: allMay(), want: twoMust, changed: true},
		{name: "no aliases", pass: FlipMayAliases,
			c: cfg(params(f32(2)), f32(2), donor(0, ix())), want: "buffer_donor={ (0, {}) }", changed: false},
		{name: "tuple-leaf indices survive", pass: FlipMustAliases,
			c:    cfg(params(tup(f32(2), f32(3), f32(4))), tup(tup(f32(3)), f32(2)), must(ix(0, 0), 0, ix(1)), must(ix(1), 0, ix(0)), donor(0, ix(2))),
			want: "input_output_alias={ {0,0}: (0, {1}, may-alias), {1}: (0, {0}, may-alias) }, buffer_donor={ (0, {2}) }", changed: true},
		{name: "promote: may and must become must", pass: AliasToMustAlias, c: mixed(), want: mixedToMust, changed: true},
		{name: "promote: all must already", pass: AliasToMustAlias, c: allMust(), want: twoMust, changed: false},
		{name: "promote: no aliases", pass: AliasToMustAlias, c: cfg(params(f32(2)), tup(f32(2))), want: "", changed: false},
		{name: "promote: single array output", pass: AliasToMustAlias,
			c: cfg(params(f32(2)), f32(2), may(ix(), 0, ix())), want: "input_output_alias={ {}: (0, {}, must-alias) }", changed: true},
	})
}

// A kind cannot be changed in place: SetUpAlias refuses an output that
// already has an alias. The passes rebuild a fresh config, so the config
// they were given is left as it was, and each alias keeps its origin.
func TestFlipRebuildsConfig(t *testing.T) {
	for _, p := range []*Pass{FlipMustAliases, FlipMayAliases, AliasToMustAlias} {
		origin := model.Origin{Attr: "tf.aliasing_output"}
		c := cfg(params(f32(2), f32(3)), tup(f32(2), f32(3)))
		if err := c.Aliases.SetUpAlias(ix(0), 0, ix(), model.MustAlias, origin); err != nil {
			t.Fatal(err)
		}
		if err := c.Aliases.SetUpAlias(ix(1), 1, ix(), model.MayAlias, model.Origin{}); err != nil {
			t.Fatal(err)
		}
		old := c.Aliases
		oldText := old.String()
		if _, err := p.Run(c, p.Defaults()); err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		if c.Aliases == old || old.String() != oldText {
			t.Errorf("%s changed the alias config in place", p.Name)
		}
		a, ok := c.Aliases.GetAliasedParameter(ix(0))
		if !ok || a.Origin != origin {
			t.Errorf("%s: origin lost: %+v", p.Name, a)
		}
		if c.Output().String() != "(f32[2], f32[3])" {
			t.Errorf("%s: output shape changed to %s", p.Name, c.Output())
		}
	}
}

// Promotion does not filter: a may-alias XLA's verifier would reject as a
// must-alias (another element type of the same byte size, another memory
// space) is promoted all the same, and the verifier names the pass.
func TestPromoteIncompatibleFailsVerify(t *testing.T) {
	host := f32(16)
	host.SetMemorySpace(5)
	tfMay := func(out model.ShapeIndex, p int64, pi model.ShapeIndex) opt {
		return func(c *model.Config) error {
			return c.Aliases.SetUpAlias(out, p, pi, model.MayAlias, model.Origin{Attr: "tf.aliasing_output"})
		}
	}
	tests := []struct {
		param, out model.Shape
		want       string
	}{
		{s32(4), f32(4), "Shape and memory space of the result at index {0} (f32[4]{0}) must be the same as the shape and memory spaceof aliased parameter 0 at index {} (s32[4]{0})"},
		{host, f32(16), "Shape and memory space of the result at index {0} (f32[16]{0}) must be the same as the shape and memory spaceof aliased parameter 0 at index {} (f32[16]{0:S(5)})"},
	}
	for _, p := range []*Pass{FlipMayAliases, AliasToMustAlias} {
		for _, tt := range tests {
			c := cfg(params(tt.param), tup(tt.out), tfMay(ix(0), 0, ix()))
			if errs := model.Verify(c); errs.HasErrors() {
				t.Fatalf("the may-alias must verify: %v", errs)
			}
			err := Run(c, Of(p), RunOptions{VerifyEach: true})
			want := "<stdin>: error: after pass " + p.Name + ": " + tt.want
			if err == nil || err.Error() != want {
				t.Errorf("%s: error %v\nwant %s", p.Name, err, want)
			}
			if !strings.Contains(short(c), "must-alias") {
				t.Errorf("%s did not promote: %s", p.Name, short(c))
			}
			c = cfg(params(tt.param), tup(tt.out), tfMay(ix(0), 0, ix()))
			if err := Run(c, Of(p), RunOptions{}); err != nil {
				t.Errorf("%s without verify-each: %v", p.Name, err)
			}
			// The final verification names every pass of the pipeline.
			c = cfg(params(tt.param), tup(tt.out), tfMay(ix(0), 0, ix()))
			pl := Of(p)
			if err := Run(c, pl, RunOptions{}); err != nil {
				t.Fatal(err)
			}
			if got := VerifyAfter(c, pl).Error(); got != want {
				t.Errorf("VerifyAfter: %s\nwant %s", got, want)
			}
		}
	}
}

// VerifyAfter prefixes every pass of a longer pipeline: any of them may
// have made what fails.
func TestVerifyAfterNamesThePipeline(t *testing.T) {
	c := cfg(params(s32(4)), tup(f32(4), f32(2)))
	if err := c.Aliases.SetUpAlias(ix(0), 0, ix(), model.MustAlias, model.Origin{}); err != nil {
		t.Fatal(err)
	}
	msg := "Shape and memory space of the result at index {0} (f32[4]{0}) must be the same as the shape and memory spaceof aliased parameter 0 at index {} (s32[4]{0})"
	if got, want := VerifyAfter(c, Of(AddMayAliases, FlipMayAliases)).Error(), "<stdin>: error: after passes add-may-aliases, flip-may-aliases: "+msg; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if got, want := VerifyAfter(c, nil).Error(), "<stdin>: error: "+msg; got != want {
		t.Errorf("an empty pipeline prefixes nothing: got %s", got)
	}
}
