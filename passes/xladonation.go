package passes

import (
	"cmp"
	"fmt"
	"maps"
	"slices"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// xlaDonationName is a constant so that the pass's own errors can name it
// without an initialization cycle.
const xlaDonationName = "optimize_input_output_buffer_alias"

// OptRegisteredDonorsOnly is the option of OptimizeInputOutputBufferAlias.
const OptRegisteredDonorsOnly = "registered-donors-only"

// OptimizeInputOutputBufferAlias is XLA's OptimizeInputOutputBufferAlias,
// the donation pass the CPU and GPU compilers run.
var OptimizeInputOutputBufferAlias = &Pass{
	Name:  xlaDonationName,
	Alias: "xla-buffer-donation",
	Doc: `pair donors and outputs of equal byte size, as XLA does

XLA's own donation pass, which the CPU and GPU compilers run: it matches on
byte size alone, within one memory space, largest first. Element type,
dims and layout order do not matter: an f32[4,8] donor can serve an
f32[32] or an s32[8,4] output.

If any leaf of the output shape is dynamic, nothing changes. Otherwise
the donors are the array leaves of every parameter, in parameter order and
pre-order, that are static and not yet aliased and, with
registered-donors-only (the default, as the CPU and GPU compilers run it),
registered buffer donors; the donees are the output array leaves without
an alias, in pre-order. Each side is grouped by memory space (0, the
device, or 5, host memory from mhlo.memory_kind) and stably sorted by byte
size, largest first, ties in collection order. Two cursors walk both
lists: a larger donor is skipped, a larger donee is skipped, and equal
sizes become a may-alias, the donor's registration removed. Existing
aliases are kept. The alias config is verified afterwards, as upstream
does. A module still to be partitioned (more than one partition, shapes
not yet per device) is paired on what each device holds, as XLA pairs
after its partitioner: each leaf's byte size is that of its sharding's
tile. Every leaf considered must have a resolved layout, else an error
names the first one, parameters before outputs.

Reports a change when at least one alias was added.`,
	Options: []Option{{
		Name:    OptRegisteredDonorsOnly,
		Doc:     "only registered buffer donors may be aliased (false: any unaliased parameter leaf)",
		Default: "true",
	}},
	Run: optimizeInputOutputBufferAlias,
}

func optimizeInputOutputBufferAlias(c *model.Config, opts Options) (bool, error) {
	plan, err := planXLADonation(c, opts.Bool(OptRegisteredDonorsOnly))
	if err != nil || plan == nil {
		return false, err
	}
	for _, m := range plan.pairs {
		if err := c.Aliases.SetUpAlias(m.donee.index, m.donor.param, m.donor.index, model.MayAlias, model.Origin{}); err != nil {
			return false, err
		}
		c.Donors.RemoveBufferDonor(m.donor.param, m.donor.index)
	}
	if errs := model.Verify(c); errs.HasErrors() {
		return len(plan.pairs) > 0, errs
	}
	return len(plan.pairs) > 0, nil
}

// xlaDonor is a parameter leaf that may give its buffer away.
type xlaDonor struct {
	param int64
	index model.ShapeIndex
	size  int64
	space int64
	used  bool // paired with a donee
}

// xlaDonee is an output leaf that may take a donor's buffer.
type xlaDonee struct {
	index model.ShapeIndex
	size  int64
	space int64
}

// xlaPair is one alias the pass makes.
type xlaPair struct {
	donor xlaDonor
	donee xlaDonee
}

// xlaPlan is what the pass decides, before it changes anything: the
// pairs, in memory space order and then largest first, and, for each
// memory space, the donors and donees sorted as the pass walks them, so
// that whatever is left can be explained (see nearestDonee).
type xlaPlan struct {
	pairs  []xlaPair
	donors map[int64][]xlaDonor
	donees map[int64][]xlaDonee
}

// planXLADonation is upstream's Build up to the changes: nil, nil when the
// output is dynamic.
func planXLADonation(c *model.Config, registeredOnly bool) (*xlaPlan, error) {
	if c.Output().IsDynamic() {
		// Upstream: dynamic shapes may disagree on their size at run time.
		return nil, nil
	}
	plan := &xlaPlan{donors: map[int64][]xlaDonor{}, donees: map[int64][]xlaDonee{}}
	if bad := plan.collect(c, registeredOnly); bad != nil {
		return nil, bad
	}
	for _, space := range slices.Sorted(maps.Keys(plan.donors)) {
		plan.match(space)
	}
	return plan, nil
}

// collect gathers the donors and donees by memory space, in upstream's
// order, sized per device (deviceView), and checks their layouts.
func (plan *xlaPlan) collect(c *model.Config, registeredOnly bool) *ast.Error {
	var bad *ast.Error
	v := deviceView(c)
	for i := range c.Params {
		p := int64(i)
		c.Params[i].ForEachSubshape(func(index model.ShapeIndex, sub *model.Shape) {
			if bad != nil || !sub.IsArray() || sub.IsDynamic() || c.Aliases.ParameterHasAlias(p, index) {
				return
			}
			if registeredOnly && !c.Donors.ParameterIsBufferDonor(p, index) {
				return
			}
			if !sub.HasLayout {
				bad = unresolved(c.ParamPos(p, index), xlaDonationName, c.ParamLabel(p, index)+" at "+index.String(), sub.Written())
				return
			}
			d := xlaDonor{param: p, index: index.Clone(), size: v.param(p, index, sub).ByteSize(), space: sub.MemorySpace()}
			plan.donors[d.space] = append(plan.donors[d.space], d)
		})
	}
	c.Output().ForEachSubshape(func(index model.ShapeIndex, sub *model.Shape) {
		if bad != nil || !sub.IsArray() || c.Aliases.OutputHasAlias(index) {
			return
		}
		if !sub.HasLayout {
			bad = unresolved(c.OutputPos(index), xlaDonationName, c.OutputIndexLabel(index), sub.String())
			return
		}
		d := xlaDonee{index: index.Clone(), size: v.output(index, sub).ByteSize(), space: sub.MemorySpace()}
		plan.donees[d.space] = append(plan.donees[d.space], d)
	})
	return bad
}

// match sorts one memory space's donors and donees, largest first, ties
// in collection order (a stable sort), and pairs equal sizes with two
// cursors, as upstream does.
func (plan *xlaPlan) match(space int64) {
	donors, donees := plan.donors[space], plan.donees[space]
	slices.SortStableFunc(donors, func(a, b xlaDonor) int { return compareSizeDesc(a.size, b.size) })
	slices.SortStableFunc(donees, func(a, b xlaDonee) int { return compareSizeDesc(a.size, b.size) })
	for i, j := 0, 0; i < len(donors) && j < len(donees); {
		switch d, e := donors[i], donees[j]; {
		case d.size > e.size:
			i++
		case d.size < e.size:
			j++
		default:
			plan.pairs = append(plan.pairs, xlaPair{donor: d, donee: e})
			donors[i].used = true
			i++
			j++
		}
	}
}

// compareSizeDesc orders larger sizes first.
func compareSizeDesc(a, b int64) int { return cmp.Compare(b, a) }

// nearestDonee returns the donee of d's memory space whose byte size is
// nearest to d's, taken or not, for explaining why d was left: the first
// in the walk's order among equally near ones, so a larger one before a
// smaller one. It reports false when the space has no donee at all.
func (plan *xlaPlan) nearestDonee(d xlaDonor) (xlaDonee, bool) {
	donees := plan.donees[d.space]
	if len(donees) == 0 {
		return xlaDonee{}, false
	}
	// donees are sorted largest first; firstNotLarger(size) is the first
	// donee of at most size bytes, the first of its equally sized run.
	firstNotLarger := func(size int64) int {
		i, _ := slices.BinarySearchFunc(donees, size, func(e xlaDonee, size int64) int { return compareSizeDesc(e.size, size) })
		return i
	}
	i := firstNotLarger(d.size)
	if i == len(donees) || i > 0 && donees[i-1].size-d.size <= d.size-donees[i].size {
		// The smallest larger donee is as near or nearer.
		i = firstNotLarger(donees[i-1].size)
	}
	return donees[i], true
}

// leftovers returns the donors that found no donee, in no particular
// order.
func (plan *xlaPlan) leftovers() []xlaDonor {
	var left []xlaDonor
	for _, donors := range plan.donors {
		for _, d := range donors {
			if !d.used {
				left = append(left, d)
			}
		}
	}
	return left
}

// devices is what one device holds of each leaf of a config: the tile of
// the leaf's sharding when the config is PerDevice, else the leaf itself
// (model.Config.DeviceParam and DeviceOutput, with PerDevice asked once).
type devices struct {
	c  *model.Config
	on bool
}

func deviceView(c *model.Config) devices { return devices{c, c.PerDevice()} }

func (v devices) param(p int64, index model.ShapeIndex, sub *model.Shape) *model.Shape {
	if !v.on {
		return sub
	}
	return v.c.ParamSharding(p, index).TileShape(sub)
}

func (v devices) output(out model.ShapeIndex, sub *model.Shape) *model.Shape {
	if !v.on {
		return sub
	}
	return v.c.OutputSharding(out).TileShape(sub)
}

// bytes prints a byte count, "per device" when sizes are.
func (v devices) bytes(n int64) string {
	if v.on {
		return fmt.Sprintf("%d bytes per device", n)
	}
	return fmt.Sprintf("%d bytes", n)
}

// holds says how a leaf (label) is split, for a reason that compares
// sizes per device: "parameter 0 sharded {devices=[2]<=[2]}: f32[8]{0}
// on each device", "output {1} without sharding: ...".
func holds(label string, s *model.Sharding, dev *model.Shape) string {
	how := "without sharding"
	if s != nil {
		how = "sharded " + s.String()
	}
	return fmt.Sprintf("%s %s: %s on each device", label, how, dev.StringWithLayout())
}
