package passes

import (
	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// donationName is a constant so that the pass's own errors can name it
// without an initialization cycle.
const donationName = "aws_neuron_buffer_donation_to_alias"

// BufferDonationToAlias is the compiler's
// aws_neuron_buffer_donation_to_alias (registry slot 73).
var BufferDonationToAlias = &Pass{
	Name:  donationName,
	Alias: "buffer-donation-to-alias",
	Doc: `turn buffer donors into may-aliases of equal outputs

First every layout involved must be resolved: each donor's parameter leaf
and each output array leaf without an alias, checked in that order (donors
in (parameter, index) order, then outputs in pre-order), even when there
are no donors, as the compiler checks every output. The first unresolved
one is an error naming it, at its argument or result.

Then donors are visited in (parameter, index) order; each takes the first
output array leaf, in pre-order, that has no alias (counting those made by
earlier donors) and whose shape is equal: element type, dims, dynamic flags
and layout (Shape::Equal). The pair becomes a may-alias, not a must-alias:
a donation is a permission, so the runtime may still copy. The donor
registration is removed. Donors that match nothing stay donors.

Reports a change when at least one donor became an alias.`,
	Run: bufferDonationToAlias,
}

func bufferDonationToAlias(c *model.Config, _ Options) (bool, error) {
	if err := checkDonationLayouts(c); err != nil {
		return false, err
	}
	free := freeOutputs(c)
	changed := false
	var err error
	var buf []byte
	// ForEach walks the donors as they were when it was called, so
	// removing them during the walk is safe and the order is
	// (parameter, index).
	c.Donors.ForEach(func(d model.Donor) {
		if err != nil {
			return
		}
		in, ok := c.ParamSubshape(d.ParamNumber, d.ParamIndex)
		if !ok || !in.IsArray() {
			return
		}
		buf = in.AppendEqualKey(buf[:0])
		q := free[string(buf)]
		if q == nil || len(q.outs) == 0 {
			return
		}
		// The head of the queue is the first equal output in pre-order
		// that no earlier donor took.
		out := q.outs[0]
		q.outs = q.outs[1:]
		if err = c.Aliases.SetUpAlias(out, d.ParamNumber, d.ParamIndex, model.MayAlias, model.Origin{}); err != nil {
			return
		}
		c.Donors.RemoveBufferDonor(d.ParamNumber, d.ParamIndex)
		changed = true
	})
	return changed, err
}

// outputQueue is the unaliased output array leaves of one shape, in
// pre-order.
type outputQueue struct{ outs []model.ShapeIndex }

// freeOutputs indexes the output array leaves that have no alias by
// Shape::Equal (model.Shape.AppendEqualKey). The map is only looked up.
func freeOutputs(c *model.Config) map[string]*outputQueue {
	free := map[string]*outputQueue{}
	var buf []byte
	// ForEachOutput's indices stay valid, so the queues hold them as they
	// are.
	c.Aliases.ForEachOutput(func(out model.ShapeIndex, sub *model.Shape) {
		if !sub.IsArray() || c.Aliases.OutputHasAlias(out) {
			return
		}
		buf = sub.AppendEqualKey(buf[:0])
		q := free[string(buf)]
		if q == nil {
			q = &outputQueue{}
			free[string(buf)] = q
		}
		q.outs = append(q.outs, out)
	})
	return free
}

// checkDonationLayouts is the compiler's HasLayout RET_CHECKs, reported as
// a diagnostic at the argument or result instead of a crash.
func checkDonationLayouts(c *model.Config) *ast.Error {
	var bad *ast.Error
	c.Donors.ForEach(func(d model.Donor) {
		if bad != nil {
			return
		}
		in, ok := c.ParamSubshape(d.ParamNumber, d.ParamIndex)
		if ok && in.IsArray() && !in.HasLayout {
			bad = unresolved(c.ParamPos(d.ParamNumber, d.ParamIndex), donationName,
				"buffer donor "+c.ParamLabel(d.ParamNumber, d.ParamIndex)+" at "+d.ParamIndex.String(), in.Written())
		}
	})
	if bad != nil {
		return bad
	}
	c.Output().ForEachSubshape(func(out model.ShapeIndex, sub *model.Shape) {
		if bad != nil || !sub.IsArray() || sub.HasLayout || c.Aliases.OutputHasAlias(out) {
			return
		}
		bad = unresolved(c.OutputPos(out), donationName, c.OutputIndexLabel(out), sub.String())
	})
	return bad
}
