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
	Run: flipAliases(model.MustAlias),
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
	Run: flipAliases(model.MayAlias),
}

// flipAliases returns the Run of a flip pass. The compiler passes the kind
// to flip away from and inverts it (xor esi,1); every alias, whatever its
// kind, is re-stamped with the other one.
func flipAliases(from model.AliasKind) func(*model.Config, Options) (bool, error) {
	to := model.MustAlias
	if from == model.MustAlias {
		to = model.MayAlias
	}
	return func(c *model.Config, _ Options) (bool, error) { return restamp(c, to) }
}

// restamp rebuilds c's aliases with every alias of kind kind, keeping each
// alias's output, parameter, parameter index and origin. It reports whether
// some alias had another kind before.
func restamp(c *model.Config, kind model.AliasKind) (bool, error) {
	type entry struct {
		out   model.ShapeIndex
		alias model.Alias
	}
	all := make([]entry, 0, c.Aliases.Len())
	changed := false
	c.Aliases.ForEachAlias(func(out model.ShapeIndex, a model.Alias) {
		all = append(all, entry{out.Clone(), a})
		changed = changed || a.Kind != kind
	})
	fresh := c.Aliases.Cleared()
	for _, e := range all {
		a := e.alias
		if err := fresh.SetUpAlias(e.out, a.ParamNumber, a.ParamIndex, kind, a.Origin); err != nil {
			return false, err
		}
	}
	// Only a complete rebuild replaces the live config, so a failure leaves
	// c as it was.
	c.Aliases = fresh
	return changed, nil
}
