package passes

import (
	"fmt"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// Compare sets the three donation rules side by side on c, which it does
// not change: for each leaf JAX's pairing treats as donated (the array
// leaves of the parameters numbered in donated, or with donated nil those
// the module marks, as jax-donation's option says), in (parameter, index)
// order, what that pairing writes, and what XLA's
// and Neuron's passes, each with its default options, then do with the
// module JAX's pairing leaves: an alias it wrote stays, a buffer donor may
// be paired. Reasons are those of the passes' remarks. On a module still
// to be partitioned JAX's and XLA's rules size leaves per device,
// Neuron's matches shapes as they are. A pass that fails says so in the
// Reason of every leaf. The error is that of a number that names no
// parameter or a must-aliased one.
func Compare(c *model.Config, donated []int64) ([]model.Comparison, error) {
	plan, err := planJAXDonation(c, donated)
	if err != nil {
		return nil, err
	}
	jax := c.Clone()
	if err := plan.apply(jax); err != nil {
		return nil, err
	}
	xla, neuron := verdicts(OptimizeInputOutputBufferAlias, jax), verdicts(BufferDonationToAlias, jax)
	out := make([]model.Comparison, len(plan.leaves))
	for i, l := range plan.leaves {
		k := leafKey(l.param, l.index)
		cmp := model.Comparison{Param: l.param, Index: l.index, Name: c.ParamName(l.param, l.index).String(),
			JAX: model.Verdict{Donor: l.how != jaxAlias && l.how != jaxUnusable, Reason: plan.reason(c, l)}, XLA: xla[k], Neuron: neuron[k]}
		if l.how == jaxAlias {
			cmp.JAX.Output = l.out
		}
		for _, v := range []*model.Verdict{&cmp.XLA, &cmp.Neuron} {
			if v.Reason == "" {
				v.Reason = ClassNone + ": JAX's pairing donates it to no output, so the pass does not consider it"
			}
		}
		out[i] = cmp
	}
	return out, nil
}

// verdicts runs p over a copy of c and returns, for each parameter leaf
// aliased or still a donor afterwards, keyed by leafKey, what p left it
// with.
func verdicts(p *Pass, c *model.Config) map[string]model.Verdict {
	after := c.Clone()
	m := map[string]model.Verdict{}
	if _, err := p.Run(after, p.Defaults()); err != nil {
		for _, l := range c.Donors.Donors() {
			m[leafKey(l.ParamNumber, l.ParamIndex)] = model.Verdict{Donor: true, Reason: fmt.Sprintf("%s: %s fails: %v", ClassNone, p.Name, err)}
		}
		return m
	}
	v := deviceView(after)
	after.Aliases.ForEachAlias(func(out model.ShapeIndex, a model.Alias) {
		sub, _ := after.Output().Subshape(out)
		why := "the same shape"
		if p == OptimizeInputOutputBufferAlias {
			n, _ := staticSize(v.output(out, sub))
			why = "the same byte size (" + v.bytes(n) + ")"
		}
		why = fmt.Sprintf("may-alias: %s %s has %s", after.OutputLabel(out), sub.StringWithLayout(), why)
		if old, ok := c.Aliases.GetAliasedParameter(out); ok && old.ParamNumber == a.ParamNumber && old.ParamIndex.Equal(a.ParamIndex) {
			why = fmt.Sprintf("%s: %s already aliases it, and the pass keeps aliases", a.Kind.Word()+"-alias", after.OutputLabel(out))
		}
		m[leafKey(a.ParamNumber, a.ParamIndex)] = model.Verdict{Output: out.Clone(), Reason: why}
	})
	for _, u := range explainUnused(p, p.Defaults(), Of(p), c, after) {
		m[leafKey(u.ParamNumber, u.ParamIndex)] = model.Verdict{Donor: true, Reason: u.Remark.Reason}
	}
	return m
}
