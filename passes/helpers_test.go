package passes

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// Shapes for the tables. Arrays get the default layout unless a helper
// below changes it.

func f32(dims ...int64) model.Shape  { return model.Array(model.F32, dims...) }
func s32(dims ...int64) model.Shape  { return model.Array(model.S32, dims...) }
func bf16(dims ...int64) model.Shape { return model.Array(model.BF16, dims...) }
func tup(elems ...model.Shape) model.Shape {
	return model.Tuple(elems...)
}
func tok() model.Shape    { return model.Token() }
func opaque() model.Shape { return model.Opaque("!quant.uniform<i8:f32, 1.0>") }

// unres drops the layout: mhlo.layout_mode = "auto".
func unres(s model.Shape) model.Shape {
	s.HasLayout, s.MinorToMajor = false, nil
	return s
}

// layout sets the minor-to-major order.
func layout(s model.Shape, minorToMajor ...int64) model.Shape {
	s.HasLayout, s.MinorToMajor = true, minorToMajor
	return s
}

// dyn marks dimensions dynamic, keeping their size as the bound.
func dyn(s model.Shape, dims ...int) model.Shape {
	s.SetDynamic(make([]bool, len(s.Dims)))
	for _, d := range dims {
		s.Dynamic()[d] = true
	}
	return s
}

func ix(v ...int64) model.ShapeIndex { return model.ShapeIndex(v) }

func params(shapes ...model.Shape) []model.Shape { return shapes }

// opt adds an alias or a donor to a config under construction.
type opt func(c *model.Config) error

func alias(out model.ShapeIndex, p int64, pi model.ShapeIndex, kind model.AliasKind) opt {
	return func(c *model.Config) error {
		return c.Aliases.SetUpAlias(out, p, pi, kind, model.Origin{Attr: "mhlo.result_alias"})
	}
}

func must(out model.ShapeIndex, p int64, pi model.ShapeIndex) opt {
	return alias(out, p, pi, model.MustAlias)
}

func may(out model.ShapeIndex, p int64, pi model.ShapeIndex) opt {
	return alias(out, p, pi, model.MayAlias)
}

func donor(p int64, pi model.ShapeIndex) opt {
	return func(c *model.Config) error {
		return c.Donors.AddBufferDonor(p, pi, model.Origin{Attr: "jax.buffer_donor"})
	}
}

// cfg builds a config; a table that sets up an impossible alias is a bug
// in the test, so it panics.
func cfg(ps []model.Shape, out model.Shape, opts ...opt) *model.Config {
	c := model.NewConfig(ps, out)
	for _, o := range opts {
		if err := o(c); err != nil {
			panic(fmt.Sprintf("bad test config: %v", err))
		}
	}
	return c
}

// short is the config as an HLO module header prints it, without newline.
func short(c *model.Config) string { return strings.TrimSuffix(c.ShortString(), "\n") }

// passCase runs one pass over one config.
type passCase struct {
	name    string
	pass    *Pass
	c       *model.Config
	want    string // short(c) afterwards
	changed bool
	err     string            // the whole error text; want and changed are not checked
	opts    map[string]string // option values, as a pipeline writes them
}

func runCases(t *testing.T, cases []passCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.pass.Name+"/"+tc.name, func(t *testing.T) {
			if errs := model.Verify(tc.c); errs.HasErrors() {
				t.Fatalf("test input does not verify: %v", errs)
			}
			before := tc.c.LongString()
			opts, err := Step{Pass: tc.pass, Options: tc.opts}.options()
			if err != nil {
				t.Fatal(err)
			}
			changed, err := tc.pass.Run(tc.c, opts)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("error = %v\nwant    %s", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if got := short(tc.c); got != tc.want {
				t.Errorf("config:\n got %s\nwant %s", got, tc.want)
			}
			if changed != tc.changed {
				t.Errorf("changed = %v, want %v", changed, tc.changed)
			}
			if differs := tc.c.LongString() != before; differs != changed {
				t.Errorf("changed = %v but the printed config differs: %v", changed, differs)
			}
			if errs := model.Verify(tc.c); errs.HasErrors() {
				t.Errorf("result does not verify: %v", errs)
			}
		})
	}
}
