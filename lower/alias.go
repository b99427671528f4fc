package lower

import (
	"fmt"
	"slices"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// claim is one alias as some encoding states it.
type claim struct {
	out    model.ShapeIndex
	param  int64
	index  model.ShapeIndex
	kind   model.AliasKind
	origin model.Origin
}

func (c claim) String() string {
	return fmt.Sprintf("%s at %s", c.origin.Attr, c.origin.Pos)
}

func (c claim) same(d claim) bool {
	return c.out.Equal(d.out) && c.param == d.param && c.index.Equal(d.index) && c.kind == d.kind
}

// aliases reads every alias and donor encoding and fills the config.
func (l *lowerer) aliases() error {
	perArg := l.argClaims()
	module, err := l.moduleClaims()
	if err != nil {
		return err
	}
	if l.diag.HasErrors() {
		return nil
	}
	claims, err := l.choose(perArg, module)
	if err != nil {
		return err
	}
	l.cfg.Aliases.Grow(len(claims))
	for _, c := range claims {
		if err := l.cfg.Aliases.SetUpAlias(c.out, c.param, c.index, c.kind, c.origin); err != nil {
			l.diag.Add(c.origin.Pos, "%s", err)
		}
	}
	return l.donors()
}

// argClaims returns the claims of mhlo.result_alias and
// tf.aliasing_output of every argument, as readArg read and merged them:
// the same alias twice is read once; two claims on one output, or on one
// parameter leaf, are an error naming both.
func (l *lowerer) argClaims() []claim {
	for _, err := range l.claimErrs {
		l.addError(err)
	}
	return l.claims.list
}

// read adds the claim an argument's attribute states, unless it is an
// error, and returns the error reading or adding it.
func (s *claimSet) read(c claim, ok bool, err error) error {
	if err == nil && ok {
		err = s.add(c)
	}
	return err
}

// param maps argument i and a path into it to an entry parameter.
func (l *lowerer) param(i int, path []int64) (int64, model.ShapeIndex) {
	if l.opts.UseTupleArgs {
		return 0, append(model.ShapeIndex{int64(i)}, path...)
	}
	return int64(i), append(model.ShapeIndex{}, path...)
}

// resultAlias reads `mhlo.result_alias` of argument i, with upstream's
// verifier checks against the function's types.
func (l *lowerer) resultAlias(i int) (claim, bool, error) {
	e, v, err := l.value(l.argEntry(i, keyResultAlias))
	if err != nil || e == nil {
		return claim{}, false, err
	}
	if v == nil || v.AsResultAlias() == nil {
		return claim{}, false, ast.Errorf(l.pos(e.Pos), "attribute %q of %s must be a #mhlo.result_alias<...>", AttrResultAlias, l.argLabel(i))
	}
	ra := v.AsResultAlias()
	const prefix = `attribute "` + AttrResultAlias + `"`
	for _, list := range [2][]int64{ra.TupleIndices, ra.ResultIndex} {
		for _, x := range list {
			if x < 0 {
				return claim{}, false, ast.Errorf(l.pos(e.Pos), "%s expects all argument and result indices to be >= 0", prefix)
			}
		}
	}
	r, rest := ra.ResultIndex[0], ra.ResultIndex[1:]
	if r >= int64(len(l.results)) {
		return claim{}, false, ast.Errorf(l.pos(e.Pos), "%s result index is out of range, must be <%d", prefix, len(l.results))
	}
	if _, ok := l.args[i].Subshape(ra.TupleIndices); !ok {
		return claim{}, false, ast.Errorf(l.pos(e.Pos), "%s argument tuple indices are invalid", prefix)
	}
	if _, ok := l.results[r].Subshape(rest); !ok {
		return claim{}, false, ast.Errorf(l.pos(e.Pos), "%s result tuple indices are invalid", prefix)
	}
	c := claim{kind: model.MayAlias, origin: model.Origin{Attr: AttrResultAlias, Pos: l.pos(e.Pos)}}
	if ra.MustAlias {
		c.kind = model.MustAlias
	}
	c.param, c.index = l.param(i, ra.TupleIndices)
	c.out = append(model.ShapeIndex{}, rest...)
	if l.resultTuple {
		c.out = append(model.ShapeIndex{r}, rest...)
	}
	return c, true, nil
}

// aliasingOutput reads `tf.aliasing_output = N : i32` of argument i: a
// may-alias of the whole argument.
func (l *lowerer) aliasingOutput(i int) (claim, bool, error) {
	e, v, err := l.value(l.argEntry(i, keyAliasingOut))
	if err != nil || e == nil {
		return claim{}, false, err
	}
	if v == nil || v.Num() == "" {
		return claim{}, false, ast.Errorf(l.pos(e.Pos), "%s of %s must be an integer", AttrAliasingOut, l.argLabel(i))
	}
	n, err := ast.ParseInt(v.Num())
	if err != nil {
		return claim{}, false, ast.Errorf(l.pos(e.Pos), "%s of %s must be an integer that fits in 64 bits, got %s", AttrAliasingOut, l.argLabel(i), v.Num())
	}
	if n < 0 {
		return claim{}, false, ast.Errorf(l.pos(e.Pos), "%s of %s must be >= 0, got %d", AttrAliasingOut, l.argLabel(i), n)
	}
	c := claim{kind: model.MayAlias, origin: model.Origin{Attr: AttrAliasingOut, Pos: l.pos(e.Pos)}}
	c.param, c.index = l.param(i, nil)
	switch {
	case l.resultTuple:
		c.out = model.ShapeIndex{n}
	case n != 0:
		return claim{}, false, ast.Errorf(l.pos(e.Pos), "Aliasing output must be 0 if only one output exists")
	default:
		c.out = model.ShapeIndex{}
	}
	return c, true, nil
}

// donors registers every argument's jax.buffer_donor, as readArg read
// them.
func (l *lowerer) donors() error {
	if l.argOut.donors.n == 0 {
		return nil
	}
	l.cfg.Donors.Reserve(len(l.cfg.Params), l.argOut.donors.n)
	for _, chunk := range l.argOut.donors.list {
		if err := l.donorRun(chunk); err != nil {
			return err
		}
	}
	return nil
}

// donorRun registers the donors of one chunk, in order.
func (l *lowerer) donorRun(chunk []argDonor) error {
	for _, d := range chunk {
		if d.err != nil {
			return d.err
		}
		i := d.arg
		if d.isFalse {
			l.warn(d.pos, "%s = false still registers %s as a buffer donor: XLA checks only that the attribute is present", AttrBufferDonor, l.argLabel(i))
		}
		param, index := l.param(i, nil)
		if l.cfg.Aliases.ParameterHasAlias(param, index) {
			l.diag.Add(d.pos, "Parameter %d index %s is already aliased with one output, thus it cannot be added as a buffer donor for any output.", param, index)
			continue
		}
		if err := l.cfg.Donors.AddBufferDonor(param, index, model.Origin{Attr: AttrBufferDonor, Pos: d.pos}); err != nil {
			l.diag.Add(d.pos, "%s", err)
		}
	}
	return nil
}

// choose decides between the per-argument aliases and the module
// attribute: a non-empty module attribute must state the same aliases as
// the arguments, when they state any.
func (l *lowerer) choose(perArg, module []claim) ([]claim, error) {
	if len(module) == 0 {
		return perArg, nil
	}
	if len(perArg) == 0 {
		return module, nil
	}
	for _, m := range module {
		if !slices.ContainsFunc(perArg, m.same) {
			return nil, ast.Errorf(m.origin.Pos, "%s states an alias of %s to %s at %s (%s) that the argument attributes do not",
				AttrInputOutput, l.cfg.OutputIndexLabel(m.out), l.cfg.ParamLabel(m.param, m.index), m.index, m.kind)
		}
	}
	for _, a := range perArg {
		if !slices.ContainsFunc(module, a.same) {
			return nil, ast.Errorf(a.origin.Pos, "%s states an alias of %s to %s at %s (%s) that %s does not",
				a.origin.Attr, l.cfg.OutputIndexLabel(a.out), l.cfg.ParamLabel(a.param, a.index), a.index, a.kind, AttrInputOutput)
		}
	}
	return perArg, nil
}
