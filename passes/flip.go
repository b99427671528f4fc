package passes

import "github.com/mhlo-alias/mhlo-alias/model"

// FlipMustAliases is the compiler's flip-must-aliases (registry slot 47).
var FlipMustAliases = &Pass{
	Name: "flip-must-aliases",
	Doc: `make every alias a may-alias

The name says which kind is flipped away, not which aliases are selected:
every alias, must or may, comes out as a may-alias. Donors and the output
shape are untouched.

The aliases are collected in output pre-order and set up again, each with
its parameter, index and origin, in a fresh config: upstream's SetUpAlias
refuses an output that already has an alias, so a kind is never changed in
place.

Reports a change when at least one alias was a must-alias.`,
	Run: func(c *model.Config, _ Options) (bool, error) { return restamp(c, model.MayAlias) },
}

// FlipMayAliases is the compiler's flip-may-aliases (registry slot 48).
var FlipMayAliases = &Pass{
	Name: "flip-may-aliases",
	Doc: `make every alias a must-alias

The name says which kind is flipped away, not which aliases are selected:
every alias, may or must, comes out as a must-alias. Donors and the output
shape are untouched. A may-alias that XLA's verifier would not accept as a
must-alias (another element type of the same byte size, another layout or
memory space, say) is promoted all the same, as the compiler does; the
verifier then reports it.

The aliases are rebuilt in a fresh config, as flip-must-aliases does.

Reports a change when at least one alias was a may-alias.`,
	Run: func(c *model.Config, _ Options) (bool, error) { return restamp(c, model.MustAlias) },
}

// restamp rebuilds c's aliases with every alias of kind kind, keeping each
// alias's output, parameter, parameter index and origin. It reports whether
// some alias had another kind before. The compiler's flip passes take the
// kind to flip away from and invert it (xor esi,1); every alias, whatever
// its kind, is re-stamped with the other one.
func restamp(c *model.Config, kind model.AliasKind) (bool, error) {
	fresh := c.Aliases.Cleared()
	changed := false
	var err error
	c.Aliases.ForEachAlias(func(out model.ShapeIndex, a model.Alias) {
		if err == nil {
			err = fresh.SetUpAlias(out, a.ParamNumber, a.ParamIndex, kind, a.Origin)
		}
		changed = changed || a.Kind != kind
	})
	if err != nil {
		return false, err // c is left as it was
	}
	c.Aliases = fresh
	return changed, nil
}
