package passes

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// jaxDonationName is a constant so that the pass's own errors can name it
// without an initialization cycle.
const jaxDonationName = "jax-donation"

// OptDonated is the option of JAXDonation that names the donated
// parameters.
const OptDonated = "donated"

// JAXDonation is the pairing JAX's lowering makes of donated arguments
// (jax/_src/interpreters/mlir.py, _set_up_aliases and its caller), which
// writes tf.aliasing_output and jax.buffer_donor.
var JAXDonation = &Pass{
	Name: jaxDonationName,
	Doc: `pair donated parameters with outputs as JAX's lowering does

The pairing jax.jit makes when it lowers a function with donated
arguments, made again from scratch for the donated parameters: their
may-aliases and donor registrations are dropped, then each gets what JAX
would write. The donated parameters are those named by the option
donated, or by default those the module marks as donated: every
parameter array leaf with a may-alias (tf.aliasing_output) or a donor
registration (jax.buffer_donor). Must-aliases, which JAX never writes,
are kept, and their parameters are not donated; so are the aliases and
donors of parameters not donated.

Shapes are what one device holds of each leaf when the module is still
to be partitioned (JAX keys on each sharding's shard shape). Phase 1:
each output array leaf without a kept alias, in pre-order, takes the
first donated leaf not yet taken with its shape, element type and memory
space; the pair becomes a may-alias when both layouts are equal and, with
more than one partition, the output's result has a sharding written;
otherwise the parameter becomes a buffer donor. Phase 2: each donated
leaf still unmatched, in order, takes the first output array leaf without
an alias with its element count and memory space (any element type) and
becomes a buffer donor, leaving the pairing to XLA. Then, with more than
one partition and some result without a sharding, every donated leaf left
becomes a buffer donor. A leaf left after all this is donated to no one:
JAX warns "Some donated buffers were not usable".

Reports a change when the aliases or donors differ afterwards.`,
	Options: []Option{{
		Name:    OptDonated,
		Doc:     "the donated parameters by number, or marked: those with a may-alias or a donor registration",
		Default: "marked",
		Params:  true,
	}},
	Run: jaxDonation,
}

// jaxOutcome is what JAX's pairing does with one donated leaf.
type jaxOutcome uint8

const (
	jaxUnusable      jaxOutcome = iota // nothing: JAX warns
	jaxAlias                           // phase 1: tf.aliasing_output
	jaxLayoutDonor                     // phase 1 match, other layout
	jaxShardingDonor                   // phase 1 match, the output's sharding unspecified
	jaxSizeDonor                       // phase 2: same element count
	jaxLeftDonor                       // several partitions, some result unspecified
)

// jaxLeaf is one donated parameter leaf and what becomes of it.
type jaxLeaf struct {
	param int64
	index model.ShapeIndex
	dev   *model.Shape     // what one device holds of it
	out   model.ShapeIndex // the output matched, nil for none
	how   jaxOutcome
}

// jaxPlan is JAX's pairing of a config, before anything changes.
type jaxPlan struct {
	leaves  []jaxLeaf // in (parameter, index) order
	donated map[string]bool
	// partitions is the partition count; unspecified says that, with
	// more than one, some result has no sharding written.
	partitions  int64
	unspecified bool
	v           devices
	// offered counts the outputs without an alias of each phase 1 key
	// and of each phase 2 size, taken or not, so that a reason can tell
	// "none has it" from "all were taken".
	offered map[string]int
}

func jaxDonation(c *model.Config, opts Options) (bool, error) {
	plan, err := planJAXDonation(c, opts.Params(OptDonated))
	if err != nil {
		return false, err
	}
	before := c.LongString()
	err = plan.apply(c)
	return c.LongString() != before, err
}

// donatedLeaves returns the array leaves JAX's pairing treats as donated:
// those of the parameters nums names, or with nums nil those with a
// may-alias or a donor registration.
func donatedLeaves(c *model.Config, nums []int64) ([]jaxLeaf, error) {
	named := map[int64]bool{}
	for _, n := range nums {
		if n >= int64(len(c.Params)) {
			return nil, ast.Errorf(c.Source.Func, "%s: option %s names parameter %d, but the entry function has %d parameter(s)", jaxDonationName, OptDonated, n, len(c.Params))
		}
		named[n] = true
	}
	var leaves []jaxLeaf
	var err error
	v := deviceView(c)
	for i := range c.Params {
		p := int64(i)
		c.Params[i].ForEachSubshape(func(index model.ShapeIndex, sub *model.Shape) {
			if !sub.IsArray() || err != nil {
				return
			}
			out, aliased := c.Aliases.GetAliasedOutput(p, index)
			a, _ := c.Aliases.GetAliasedParameter(out)
			must := aliased && a.Kind == model.MustAlias
			switch {
			case must && named[p]:
				err = ast.Errorf(c.ParamPos(p, index), "%s: %s at %s has a must-alias, which JAX never writes; it cannot be donated", jaxDonationName, c.ParamLabel(p, index), index)
				return
			case must || nums != nil && !named[p] || nums == nil && !aliased && !c.Donors.ParameterIsBufferDonor(p, index):
				return
			}
			leaves = append(leaves, jaxLeaf{param: p, index: index.Clone(), dev: v.param(p, index, sub)})
		})
	}
	return leaves, err
}

// planJAXDonation is _set_up_aliases on c for the parameters donated
// names (nil: those marked, see donatedLeaves): phase 1, phase 2, then
// the rule for several partitions with a result of unspecified sharding.
func planJAXDonation(c *model.Config, donated []int64) (*jaxPlan, error) {
	leaves, err := donatedLeaves(c, donated)
	if err != nil {
		return nil, err
	}
	v := deviceView(c)
	plan := &jaxPlan{leaves: leaves, donated: map[string]bool{}, partitions: c.Sharding.DeviceCount(), v: v, offered: map[string]int{}}
	plan.unspecified = plan.partitions > 1 && slices.Contains(c.Sharding.OutputUnspecified, true)
	for _, l := range leaves {
		plan.donated[leafKey(l.param, l.index)] = true
	}
	queues := map[string][]int{}
	for i, l := range leaves {
		k := jaxKey(l.dev)
		queues[k] = append(queues[k], i)
	}
	sized := map[spaceSize][]model.ShapeIndex{} // the output leaves phase 2 may take
	c.Output().ForEachSubshape(func(out model.ShapeIndex, sub *model.Shape) {
		if !sub.IsArray() {
			return
		}
		if a, ok := c.Aliases.GetAliasedParameter(out); ok && !plan.donated[leafKey(a.ParamNumber, a.ParamIndex)] {
			return // a kept alias
		}
		dev := v.output(out, sub)
		k := jaxKey(dev)
		plan.offered[k]++
		plan.offered[sizeKey(dev)]++
		if q := queues[k]; len(q) > 0 {
			l := &leaves[q[0]]
			queues[k] = q[1:]
			l.out, l.how = out.Clone(), jaxAlias
			switch {
			case !model.Equal(l.dev, dev):
				l.how = jaxLayoutDonor
			case plan.partitions > 1 && outputUnspecified(c, out):
				l.how = jaxShardingDonor
			}
			if l.how == jaxAlias {
				return
			}
		}
		n := spaceSize{dev.MemorySpace(), elements(dev)}
		sized[n] = append(sized[n], out.Clone())
	})
	for i := range leaves {
		l := &leaves[i]
		if l.out != nil {
			continue
		}
		k := spaceSize{l.dev.MemorySpace(), elements(l.dev)}
		if q := sized[k]; len(q) > 0 {
			l.out, l.how, sized[k] = q[0], jaxSizeDonor, q[1:]
		} else if plan.unspecified {
			l.how = jaxLeftDonor
		}
	}
	return plan, nil
}

// jaxKey is phase 1's key: shape and element type (as printed, without
// layout) and memory space.
func jaxKey(s *model.Shape) string {
	return fmt.Sprint(s.String(), " ", s.MemorySpace())
}

// elements is an array's element count.
func elements(s *model.Shape) int64 {
	n := int64(1)
	for _, d := range s.Dims {
		n *= d
	}
	return n
}

// outputUnspecified reports whether the result holding output leaf out
// has no sharding written.
func outputUnspecified(c *model.Config, out model.ShapeIndex) bool {
	r := int64(0)
	if c.Output().IsTuple() && len(out) > 0 {
		r = out[0]
	}
	u := c.Sharding.OutputUnspecified
	return r < int64(len(u)) && u[r]
}

// apply writes the plan: the aliases of donated leaves are set up again
// (keeping the origin of one that stays as it was), donors registered or
// removed.
func (plan *jaxPlan) apply(c *model.Config) error {
	old := c.Aliases
	c.Aliases = old.Cleared()
	var err error
	old.ForEachAlias(func(out model.ShapeIndex, a model.Alias) {
		if err == nil && !plan.donated[leafKey(a.ParamNumber, a.ParamIndex)] {
			err = c.Aliases.SetUpAlias(out, a.ParamNumber, a.ParamIndex, a.Kind, a.Origin)
		}
	})
	for _, l := range plan.leaves {
		if err != nil {
			break
		}
		switch l.how {
		case jaxAlias:
			var origin model.Origin
			if a, ok := old.GetAliasedParameter(l.out); ok && a.ParamNumber == l.param && a.ParamIndex.Equal(l.index) && a.Kind == model.MayAlias {
				origin = a.Origin
			}
			err = c.Aliases.SetUpAlias(l.out, l.param, l.index, model.MayAlias, origin)
			c.Donors.RemoveBufferDonor(l.param, l.index)
		case jaxUnusable:
			c.Donors.RemoveBufferDonor(l.param, l.index)
		default:
			if !c.Donors.ParameterIsBufferDonor(l.param, l.index) {
				err = c.Donors.AddBufferDonor(l.param, l.index, model.Origin{})
			}
		}
	}
	return err
}

// reason says why JAX's pairing did what it did with l, in c (the config
// it was planned on). It starts with what l becomes ("may-alias",
// "buffer donor", "none") and a colon.
func (plan *jaxPlan) reason(c *model.Config, l jaxLeaf) string {
	v := plan.v
	shape := l.dev.String()
	if v.on {
		shape += " on each device"
	}
	var what string
	if l.out != nil {
		sub, _ := c.Output().Subshape(l.out)
		what = c.OutputLabel(l.out) + " " + v.output(l.out, sub).StringWithLayout()
	}
	const xla = ", so JAX leaves the pairing to XLA"
	switch l.how {
	case jaxAlias:
		return fmt.Sprintf("may-alias: %s has its shape (%s), element type, memory space and layout", what, shape)
	case jaxLayoutDonor:
		return fmt.Sprintf("buffer donor: %s has its shape (%s) but another layout (%s)%s", what, shape, layoutText(l.dev), xla)
	case jaxShardingDonor:
		return fmt.Sprintf("buffer donor: %s has its shape (%s), but its result has no sharding and the module has %d partitions%s", what, shape, plan.partitions, xla)
	case jaxSizeDonor:
		return fmt.Sprintf("buffer donor: %s has its element count (%d) but another shape or element type%s", what, elements(l.dev), xla)
	}
	none := fmt.Sprintf("no output without an alias has its shape (%s) or element count (%d)", shape, elements(l.dev))
	if plan.offered[jaxKey(l.dev)] > 0 || plan.offered[sizeKey(l.dev)] > 0 {
		none = fmt.Sprintf("every output without an alias of its shape (%s) or element count (%d) went to an earlier donated argument", shape, elements(l.dev))
	}
	if l.how == jaxLeftDonor {
		return fmt.Sprintf("buffer donor: %s, but the module has %d partitions and a result without sharding%s", none, plan.partitions, xla)
	}
	return fmt.Sprintf(`none: %s; JAX warns "Some donated buffers were not usable: %s"`, none, shapedArray(l.dev))
}

// sizeKey is phase 2's key for plan.offered: memory space and element
// count.
func sizeKey(s *model.Shape) string {
	return fmt.Sprintf("size %d %d", s.MemorySpace(), elements(s))
}

// shapedArray prints a shape as JAX prints an abstract value (str of a
// ShapedArray): numpy's element type name and the dims, "float32[8,4]".
func shapedArray(s *model.Shape) string {
	dims := make([]string, len(s.Dims))
	for i, d := range s.Dims {
		dims[i] = fmt.Sprint(d)
	}
	return numpyName(s.Elem) + "[" + strings.Join(dims, ",") + "]"
}

// numpyName is numpy's (and ml_dtypes') name of an element type: pred is
// bool, s32 int32, u8 uint8, bf16 bfloat16, f8e4m3fn float8_e4m3fn,
// c64 complex64.
func numpyName(p model.PrimitiveType) string {
	x := p.String()
	switch {
	case p == model.Pred:
		return "bool"
	case p == model.BF16:
		return "bfloat16"
	case strings.HasPrefix(x, "s"):
		return "int" + x[1:]
	case strings.HasPrefix(x, "u"):
		return "uint" + x[1:]
	case strings.HasPrefix(x, "c"):
		return "complex" + x[1:]
	case len(x) > 3 && (x[1] == '8' || x[1] == '4'):
		return "float" + x[1:2] + "_" + x[2:]
	}
	return "float" + x[1:]
}

// explainJAXDonation reports each donated leaf JAX's pairing leaves a
// buffer donor (a Passed remark, donor-registered, with the reason) or
// donates to no one (a Missed remark, donor-unused, ending in JAX's
// warning).
func explainJAXDonation(p *Pass, opts Options, _ Pipeline, before, after *model.Config, emit func(ast.Remark)) {
	plan, err := planJAXDonation(before, opts.Params(OptDonated))
	if err != nil {
		return
	}
	for _, l := range plan.leaves {
		if l.how == jaxAlias {
			continue
		}
		r := ast.Remark{Pos: after.ParamPos(l.param, l.index), Kind: ast.RemarkPassed, Pass: p.Name, Category: CategoryDonorRegistered,
			Message: fmt.Sprintf("donated %s at %s %s registered as a buffer donor", after.ParamLabel(l.param, l.index), l.index, paramShape(after, l.param, l.index)),
			Reason:  plan.reason(before, l)}
		if l.how == jaxUnusable {
			r.Kind, r.Category = ast.RemarkMissed, CategoryDonorUnused
			r.Message = fmt.Sprintf("donated %s at %s %s is not usable", after.ParamLabel(l.param, l.index), l.index, paramShape(after, l.param, l.index))
		}
		emit(r)
	}
}
