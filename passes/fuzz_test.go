package passes_test

import (
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/passes"
)

// bytesReader hands out the fuzz input a byte at a time, then zeros.
type bytesReader struct{ b []byte }

func (r *bytesReader) next() byte {
	if len(r.b) == 0 {
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

// n returns a number in [0, k).
func (r *bytesReader) n(k int) int { return int(r.next()) % k }

// elemTypes are the element types the generator uses: several of the same
// byte width, so that may-aliases MHLO would not accept as must-aliases
// appear.
var elemTypes = []model.PrimitiveType{model.F32, model.S32, model.U32, model.BF16, model.F16, model.S8, model.Pred, model.F64, model.C64, model.F8E4M3FN}

// array builds an array shape: rank 0 to 3, small dims, some dynamic
// (bounded or not), the default, a permuted or an unresolved layout.
func (r *bytesReader) array() model.Shape {
	dims := make([]int64, r.n(4))
	for i := range dims {
		dims[i] = int64(r.n(4))
	}
	elem := elemTypes[r.n(2)] // mostly f32 and s32, so that shapes meet
	if r.n(3) == 0 {
		elem = elemTypes[r.n(len(elemTypes))]
	}
	s := model.Array(elem, dims...)
	for i := range dims {
		switch r.n(8) {
		case 0:
			s.SetDynamic(ensure(s.Dynamic(), len(dims)))
			s.Dynamic()[i] = true
		case 1:
			s.SetDynamic(ensure(s.Dynamic(), len(dims)))
			s.Dynamic()[i] = true
			s.Dims[i] = model.UnboundedSize
		}
	}
	switch r.n(6) {
	case 0:
		s.HasLayout, s.MinorToMajor = false, nil
	case 1:
		for i, j := 0, len(s.MinorToMajor)-1; i < j; i, j = i+1, j-1 {
			s.MinorToMajor[i], s.MinorToMajor[j] = s.MinorToMajor[j], s.MinorToMajor[i]
		}
	}
	return s
}

func ensure(v []bool, n int) []bool {
	if v == nil {
		return make([]bool, n)
	}
	return v
}

// shape builds an array, a tuple (up to three levels), a token or an
// opaque leaf.
func (r *bytesReader) shape(depth int) model.Shape {
	switch k := r.n(16); {
	case k == 0:
		return model.Token()
	case k == 1:
		return model.Opaque("index")
	case k < 5 && depth < 3:
		elems := make([]model.Shape, r.n(4))
		for i := range elems {
			elems[i] = r.shape(depth + 1)
		}
		return model.Tuple(elems...)
	}
	return r.array()
}

// genPos is a position in the file the generated config stands for.
func genPos(line int) ast.Pos {
	return ast.Pos{Filename: "gen.mlir", Line: line, Column: 1, Offset: line * 10}
}

// genConfig builds a config from r that model.Verify accepts: arguments
// and results with source positions, the tuple options, then aliases and
// donors drawn from r, each kept only if the config stays valid.
func genConfig(r *bytesReader) *model.Config {
	args := make([]model.Shape, 1+r.n(5))
	for i := range args {
		args[i] = r.shape(0)
	}
	results := make([]model.Shape, r.n(5))
	for i := range results {
		results[i] = r.shape(0)
	}
	flags := r.next()
	tupleArgs, returnTuple := flags&1 != 0, flags&2 != 0 || len(results) != 1
	params := args
	if tupleArgs {
		params = []model.Shape{model.Tuple(args...)}
	}
	output := model.Tuple(results...)
	if !returnTuple {
		output = results[0]
	}
	c := model.NewConfig(params, output)
	c.Source = model.Source{Func: genPos(1), TupleArgs: tupleArgs, ResultTuple: returnTuple}
	for i := range args {
		c.Source.Args = append(c.Source.Args, model.PointOf(genPos(2+i)))
	}
	for i := range results {
		c.Source.Results = append(c.Source.Results, model.PointOf(genPos(10+i)))
	}
	var outs, ins []leaf
	c.Output().ForEachSubshape(func(index model.ShapeIndex, _ *model.Shape) {
		outs = append(outs, leaf{0, index.Clone()})
	})
	for p := range c.Params {
		c.Params[p].ForEachSubshape(func(index model.ShapeIndex, _ *model.Shape) {
			ins = append(ins, leaf{int64(p), index.Clone()})
		})
	}
	for range r.n(6) {
		out, in := outs[r.n(len(outs))], ins[r.n(len(ins))]
		if r.n(4) != 0 {
			in = sameSize(c, out, ins, r)
		}
		kind, origin := model.AliasKind(r.n(2)), genOrigin(r)
		tryAdd(&c, func(d *model.Config) error {
			return d.Aliases.SetUpAlias(out.index, in.param, in.index, kind, origin)
		})
	}
	for range r.n(4) {
		in, origin := ins[r.n(len(ins))], genOrigin(r)
		tryAdd(&c, func(d *model.Config) error {
			return d.Donors.AddBufferDonor(in.param, in.index, origin)
		})
	}
	return c
}

// leaf is a parameter (param, index) or an output index (0, index).
type leaf struct {
	param int64
	index model.ShapeIndex
}

// sameSize picks a parameter leaf of the same byte size as output out,
// if there is one, so that aliases are often valid.
func sameSize(c *model.Config, out leaf, ins []leaf, r *bytesReader) leaf {
	o, _ := c.Output().Subshape(out.index)
	var fit []leaf
	for _, in := range ins {
		p, _ := c.ParamSubshape(in.param, in.index)
		if o.IsArray() && p.IsArray() && o.ByteSize() == p.ByteSize() {
			fit = append(fit, in)
		}
	}
	if len(fit) == 0 {
		return ins[r.n(len(ins))]
	}
	return fit[r.n(len(fit))]
}

// genOrigin is a pass-made origin or one of the encodings, with a position.
func genOrigin(r *bytesReader) model.Origin {
	attrs := []string{"", "mhlo.result_alias", "tf.aliasing_output", "mhlo.input_output_alias", "jax.buffer_donor"}
	a := attrs[r.n(len(attrs))]
	if a == "" {
		return model.Origin{}
	}
	return model.Origin{Attr: a, Pos: genPos(20)}
}

// tryAdd applies add to a copy of *c and keeps the copy if it is valid.
func tryAdd(c **model.Config, add func(*model.Config) error) {
	d := (*c).Clone()
	if add(d) == nil && !model.Verify(d).HasErrors() {
		*c = d
	}
}

// checkErrors requires err to be a non-empty list of positioned
// diagnostics without a trailing newline.
func checkErrors(t *testing.T, err error) {
	t.Helper()
	list, ok := err.(ast.ErrorList)
	if !ok || len(list) == 0 {
		t.Fatalf("error %T %v is not a non-empty ErrorList", err, err)
	}
	for _, e := range list {
		if !e.Pos.IsValid() || e.Msg == "" || strings.HasSuffix(e.Msg, "\n") {
			t.Fatalf("diagnostic without a position or a message: %q", e.Error())
		}
	}
}

// shapes prints a config's parameter and output shapes with layouts.
func shapes(c *model.Config) string {
	var b strings.Builder
	for i := range c.Params {
		b.WriteString(c.Params[i].StringWithLayout() + "; ")
	}
	return b.String() + "-> " + c.Output().StringWithLayout()
}

// FuzzPipeline runs pass lists decoded from the input over valid configs
// built from it. Every step ends in a valid config or a positioned error,
// never a panic; a pass reports changed exactly when the printed config
// differs and never changes the shapes; passes.Run, with or without
// verification between passes, agrees with running the steps one by one.
func FuzzPipeline(f *testing.F) {
	f.Add([]byte{}, []byte{})
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6}, []byte("\x05\x10\x22\x07\x03\x09\x01\x02\x03\x04\x05\x06\x07\x08\x09"))
	for i := range 64 {
		seed := make([]byte, 48)
		for j := range seed {
			seed[j] = byte(i*37 + j*11 + (i*j)%7)
		}
		f.Add([]byte{byte(i % 7), byte(i / 7 % 7), byte(i * 3 % 7), byte(i % 5)}, seed)
	}
	f.Fuzz(func(t *testing.T, passBytes, configBytes []byte) {
		if len(passBytes) > 16 {
			passBytes = passBytes[:16]
		}
		c := genConfig(&bytesReader{configBytes})
		if errs := model.Verify(c); errs.HasErrors() {
			t.Fatalf("generator made an invalid config: %v\n%s", errs, c.LongString())
		}
		pipeline := make([]*passes.Pass, len(passBytes))
		for i, b := range passBytes {
			pipeline[i] = passes.All[int(b)%len(passes.All)]
		}
		twins := []*model.Config{c.Clone(), c.Clone()}
		wantShapes := shapes(c)
		failed := false
		for _, p := range pipeline {
			before := c.LongString()
			changed, err := p.Run(c, p.Defaults())
			if shapes(c) != wantShapes {
				t.Fatalf("%s changed the shapes: %s -> %s", p.Name, wantShapes, shapes(c))
			}
			if err != nil {
				checkErrors(t, passes.Run(c.Clone(), passes.Of(p), passes.RunOptions{}))
				failed = true
				break
			}
			if changed != (c.LongString() != before) {
				t.Fatalf("%s reported changed = %v for\n%s->\n%s", p.Name, changed, before, c.LongString())
			}
			if errs := model.Verify(c); errs.HasErrors() {
				checkErrors(t, errs)
				failed = true
				break
			}
		}
		for i, verifyEach := range []bool{true, false} {
			twin := twins[i]
			err := passes.Run(twin, passes.Of(pipeline...), passes.RunOptions{VerifyEach: verifyEach})
			if err != nil {
				checkErrors(t, err)
				if verifyEach && !failed {
					t.Fatalf("Run failed where every step succeeded: %v", err)
				}
				continue
			}
			if verifyEach && failed {
				t.Fatalf("Run succeeded where a step failed")
			}
			// The final check before writing.
			if errs := model.Verify(twin); errs.HasErrors() {
				checkErrors(t, errs)
			} else if !failed && twin.LongString() != c.LongString() {
				t.Fatalf("Run and the steps differ:\n%s\n%s", twin.LongString(), c.LongString())
			}
			_ = twin.ShortString()
			_ = twin.JSON()
		}
	})
}
