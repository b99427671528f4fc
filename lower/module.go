package lower

import (
	"fmt"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// moduleClaims reads the module attribute mhlo.input_output_alias:
//
//	[{alias = {kind = "may_alias", parameter_index = array<i64>,
//	  parameter_number = 0 : i64}, output_index = array<i64: 0>}, ...]
func (l *lowerer) moduleClaims() ([]claim, error) {
	if l.file.Module == nil {
		return nil, nil
	}
	e, v, err := l.entry(l.file.Module.Attrs, AttrInputOutput)
	if err != nil || e == nil {
		return nil, err
	}
	if v == nil || v.AsArray() == nil || v.AsArray().Unread {
		return nil, ast.Errorf(l.pos(e.Pos), "%s must be an array of dictionaries", AttrInputOutput)
	}
	var claims []claim
	for i, el := range v.AsArray().Elems {
		c, err := l.moduleClaim(i, el)
		if err != nil {
			l.addError(err)
			continue
		}
		for _, d := range claims {
			if d.out.Equal(c.out) {
				l.diag.Add(l.pos(el.Pos), "%s entry %d aliases %s again; entry at %s already does", AttrInputOutput, i, l.cfg.OutputIndexLabel(c.out), d.origin.Pos)
			}
		}
		claims = append(claims, c)
	}
	return claims, nil
}

// moduleClaim reads entry i of mhlo.input_output_alias.
func (l *lowerer) moduleClaim(i int, el *ast.Attr) (claim, error) {
	el, err := l.resolve(el)
	if err != nil {
		return claim{}, err
	}
	what := fmt.Sprintf("%s entry %d", AttrInputOutput, i)
	if el.AsDict() == nil {
		return claim{}, ast.Errorf(l.pos(el.Pos), "%s must be a dictionary", what)
	}
	c := claim{origin: model.Origin{Attr: AttrInputOutput, Pos: l.pos(el.Pos)}}
	if c.out, err = l.indexField(el.AsDict(), "output_index", what, l.pos(el.Pos)); err != nil {
		return claim{}, err
	}
	ae, alias, err := l.entry(el.AsDict(), "alias")
	if err != nil {
		return claim{}, err
	}
	if ae == nil || alias == nil || alias.AsDict() == nil {
		return claim{}, ast.Errorf(l.pos(el.Pos), "%s needs an alias dictionary", what)
	}
	if c.index, err = l.indexField(alias.AsDict(), "parameter_index", what, l.pos(alias.Pos)); err != nil {
		return claim{}, err
	}
	if c.param, err = l.intField(alias.AsDict(), "parameter_number", what, l.pos(alias.Pos)); err != nil {
		return claim{}, err
	}
	if c.kind, err = l.kindField(alias.AsDict(), what, l.pos(alias.Pos)); err != nil {
		return claim{}, err
	}
	return c, nil
}

// indexField reads `key = array<i64: ...>` (or a plain array of integers).
func (l *lowerer) indexField(d *ast.AttrDict, key, what string, pos ast.Pos) (model.ShapeIndex, error) {
	e, v, err := l.entry(d, key)
	if err != nil {
		return nil, err
	}
	if e == nil || v == nil {
		return nil, ast.Errorf(pos, "%s is missing %s", what, key)
	}
	var words []string
	switch {
	case v.AsDenseArray() != nil:
		words = v.AsDenseArray().Values
	case v.AsArray() != nil && v.AsArray().Unread:
		// A long array of scalars, kept as its span (ast.ArrayAttr).
		return nil, ast.Errorf(l.pos(v.Pos), "%s: %s is %d bytes long, more than an index can be", what, key, v.AsArray().EndPos.Offset-v.AsArray().Pos.Offset)
	case v.AsArray() != nil:
		for _, x := range v.AsArray().Elems {
			if x.Num() == "" {
				return nil, ast.Errorf(l.pos(x.Pos), "%s: %s must hold integers", what, key)
			}
			words = append(words, x.Num())
		}
	default:
		return nil, ast.Errorf(l.pos(e.Pos), "%s: %s must be an array<i64: ...>", what, key)
	}
	index := model.ShapeIndex{}
	for _, w := range words {
		x, err := ast.ParseInt(w)
		if err != nil {
			return nil, ast.Errorf(l.pos(e.Pos), "%s: %s holds %s, which does not fit in 64 bits", what, key, w)
		}
		if x < 0 {
			return nil, ast.Errorf(l.pos(e.Pos), "%s: %s must hold indices >= 0, got %d", what, key, x)
		}
		index = append(index, x)
	}
	return index, nil
}

// intField reads `key = N : i64`, N >= 0.
func (l *lowerer) intField(d *ast.AttrDict, key, what string, pos ast.Pos) (int64, error) {
	e, v, err := l.entry(d, key)
	if err != nil {
		return 0, err
	}
	if e == nil || v == nil {
		return 0, ast.Errorf(pos, "%s is missing %s", what, key)
	}
	x, err := ast.ParseInt(v.Num())
	if v.Num() == "" || err != nil {
		return 0, ast.Errorf(l.pos(e.Pos), "%s: %s must be an integer that fits in 64 bits", what, key)
	}
	if x < 0 {
		return 0, ast.Errorf(l.pos(e.Pos), "%s: %s must be >= 0, got %d", what, key, x)
	}
	return x, nil
}

// kindField reads `kind = "may_alias"` or `"must_alias"`. Upstream takes
// any other string as must-alias; a typo should not silently pin a buffer.
func (l *lowerer) kindField(d *ast.AttrDict, what string, pos ast.Pos) (model.AliasKind, error) {
	e, v, err := l.entry(d, "kind")
	if err != nil {
		return 0, err
	}
	if e == nil || v == nil {
		return 0, ast.Errorf(pos, "%s is missing kind", what)
	}
	k, err := ast.Unquote(l.str(v))
	switch {
	case err == nil && k == "may_alias":
		return model.MayAlias, nil
	case err == nil && k == "must_alias":
		return model.MustAlias, nil
	}
	return 0, ast.Errorf(l.pos(e.Pos), "%s has unknown kind %s; expected \"may_alias\" or \"must_alias\"", what, l.text(v.Pos, v.EndPos))
}
