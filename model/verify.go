package model

import (
	"fmt"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// Verify checks the invariants XLA's HloInputOutputAliasConfig::Verify and
// HloBufferDonorConfig::Verify check, plus two upstream verifiers in their
// own words: MHLO's verifyArgResultAliasAttr for every alias read from
// mhlo.result_alias, may or must (compatible shapes, equal element types),
// and the must-alias rule of XLA's HloVerifier (VerifyEntryComputationLayout:
// the same shape, layout and memory space, see SameBuffer). Each alias
// reports the first rule it breaks: its indices, both sides arrays, equal
// byte size, one alias per parameter leaf, MHLO's rule, XLA's must-alias
// rule. When c.PerDevice, sizes are compared as XLA compares them after
// partitioning: on what one device holds of each side (its sharding's
// tile, the whole value for a side with no sharding written), and the
// message prints those shapes. A side with no sharding written is XLA's
// partitioner's to choose, so such an alias also passes when the whole
// sizes are equal (UnsettledWarning warns of it). It never changes c. Each error points at the attribute
// that introduced the alias or donor, or at the value it names.
func Verify(c *Config) ast.ErrorList {
	var errs ast.ErrorList
	if c == nil {
		errs.Add(ast.Pos{}, "no config: the module failed")
		return errs
	}
	seen := &seenLeaves{nodes: c.Aliases.nodes, root: make([]int32, len(c.Params))}
	perDevice := c.PerDevice()
	for i := range c.Aliases.aliases {
		if a, ok := c.Aliases.at(i); ok {
			if msg := c.verifyAlias(i, &a, seen, perDevice); msg != "" {
				errs.Add(c.aliasPos(c.Aliases.nodes.index[i], &a), "%s", msg)
			}
		}
	}
	for _, e := range c.Donors.ordered() {
		d := e.Donor
		if msg := c.verifyDonor(d); msg != "" {
			pos := d.Origin.Pos
			if !pos.IsValid() {
				pos = c.ParamPos(d.ParamNumber, d.ParamIndex)
			}
			errs.Add(pos, "%s", msg)
		}
	}
	errs.Sort()
	return errs
}

func (c *Config) aliasPos(out ShapeIndex, a *Alias) ast.Pos {
	if a.Origin.Pos.IsValid() {
		return a.Origin.Pos
	}
	return c.OutputPos(out)
}

// seenLeaves maps each parameter leaf aliased so far to the output
// aliasing it, by its pre-order position: (param, {}) by its number, in a
// table of one entry per parameter (one more than the position, 0 while
// none aliases it), any other by its key.
type seenLeaves struct {
	nodes *outputNodes
	root  []int32
	index map[string]int
}

// add records that out aliases (param, index) and returns the output
// that aliased it before, if any.
func (s *seenLeaves) add(param int64, index ShapeIndex, out int) (ShapeIndex, bool) {
	if len(index) == 0 {
		// verifyAlias checked that param is a parameter's number.
		if prev := s.root[param]; prev > 0 {
			return s.nodes.index[prev-1], true
		}
		s.root[param] = int32(out) + 1
		return nil, false
	}
	if s.index == nil {
		s.index = map[string]int{}
	}
	var buf keyBuf
	key := appendLeafKey(buf[:0], param, index)
	prev, dup := s.index[string(key)]
	if !dup {
		s.index[string(key)] = out
		return nil, false
	}
	return s.nodes.index[prev], true
}

// verifyAlias returns what is wrong with one alias, or "". perDevice is
// c.PerDevice().
func (c *Config) verifyAlias(pos int, a *Alias, seen *seenLeaves, perDevice bool) string {
	out := c.Aliases.nodes.index[pos]
	if a.ParamNumber < 0 || a.ParamNumber >= int64(len(c.Params)) {
		return fmt.Sprintf("%s is aliased with parameter %d, but the entry function has %d parameter(s)", c.OutputIndexLabel(out), a.ParamNumber, len(c.Params))
	}
	param, ok := c.Params[a.ParamNumber].Subshape(a.ParamIndex)
	if !ok {
		return fmt.Sprintf("%s is aliased with %s at %s, which is not an index of %s", c.OutputIndexLabel(out), c.ParamLabel(a.ParamNumber, a.ParamIndex), a.ParamIndex, c.Params[a.ParamNumber].Written())
	}
	output, ok := c.Output().Subshape(out)
	if !ok {
		return fmt.Sprintf("output index %s is not an index of %s", out, c.Output().Written())
	}
	if !param.IsArray() {
		return fmt.Sprintf("%s at %s is aliased with %s but is not an array: %s", c.ParamLabel(a.ParamNumber, a.ParamIndex), a.ParamIndex, c.OutputIndexLabel(out), param.Written())
	}
	if !output.IsArray() {
		return fmt.Sprintf("%s is aliased with %s at %s but is not an array: %s", c.OutputIndexLabel(out), c.ParamLabel(a.ParamNumber, a.ParamIndex), a.ParamIndex, output.Written())
	}
	static := !param.IsDynamic() && !output.IsDynamic()
	switch {
	case static && !param.byteSizeFits():
		return fmt.Sprintf("%s at %s is aliased with %s, but its size in bytes does not fit in 64 bits: %s", c.ParamLabel(a.ParamNumber, a.ParamIndex), a.ParamIndex, c.OutputIndexLabel(out), param.Written())
	case static && !output.byteSizeFits():
		return fmt.Sprintf("%s is aliased with %s at %s, but its size in bytes does not fit in 64 bits: %s", c.OutputIndexLabel(out), c.ParamLabel(a.ParamNumber, a.ParamIndex), a.ParamIndex, output.Written())
	}
	in, res := param, output
	if perDevice {
		in, res = c.ParamSharding(a.ParamNumber, a.ParamIndex).TileShape(param), c.OutputSharding(out).TileShape(output)
		if !c.ShardingsWritten(a.ParamNumber, a.ParamIndex, out) && param.ByteSize() == output.ByteSize() {
			in, res = param, output
		}
	}
	if static && in.ByteSize() != res.ByteSize() {
		return fmt.Sprintf("Expected aliased input %d at index %s and output at index %s to have the same size. Input sub-shape is %s with size %d, output sub-shape is %s with size %d",
			a.ParamNumber, a.ParamIndex, out, in.StringWithLayout(), in.ByteSize(), res.StringWithLayout(), res.ByteSize())
	}
	if prev, dup := seen.add(a.ParamNumber, a.ParamIndex, pos); dup {
		return fmt.Sprintf("%s at %s is aliased with more than one output: %s and %s", c.ParamLabel(a.ParamNumber, a.ParamIndex), a.ParamIndex, c.OutputIndexLabel(prev), c.OutputIndexLabel(out))
	}
	if a.Origin.Attr == attrResultAlias && !Compatible(param, output) {
		return fmt.Sprintf(`attribute "%s" aliases do not have compatible types, '%s' vs. '%s'`, attrResultAlias, param.MLIR(), output.MLIR())
	}
	if a.Kind == MustAlias && !SameBuffer(param, output) {
		return fmt.Sprintf("Shape and memory space of the result at index %s (%s) must be the same as the shape and memory spaceof aliased parameter %d at index %s (%s)",
			out, bufferText(output), a.ParamNumber, a.ParamIndex, bufferText(param))
	}
	return ""
}

// attrResultAlias is MHLO's argument attribute, whose verifier
// (verifyArgResultAliasAttr) Verify applies to every alias read from it.
const attrResultAlias = "mhlo.result_alias"

// SameBuffer reports whether XLA's verifier accepts a must-alias of
// parameter leaf p and output leaf o: the same shape, layout and memory
// space (Shape::Equal on the entry computation layout, as
// VerifyEntryComputationLayout asks). Where a side's layout is unresolved
// only the shape and the memory space are compared: layout assignment
// has yet to choose the layout, but the memory space is stated.
func SameBuffer(p, o *Shape) bool {
	if p.HasLayout && o.HasLayout {
		return Equal(p, o)
	}
	a, b := *p, *o
	a.HasLayout, b.HasLayout = false, false
	return Equal(&a, &b) && p.MemorySpace() == o.MemorySpace()
}

// bufferText prints s as XLA's must-alias message does, with its layout
// (ShapeUtil::HumanStringWithLayout); an unresolved layout in a memory
// space other than 0 prints as a layout of that space alone, `{:S(5)}`.
func bufferText(s *Shape) string {
	if s.HasLayout || s.MemorySpace() == 0 {
		return s.StringWithLayout()
	}
	return fmt.Sprintf("%s{:S(%d)}", s.String(), s.MemorySpace())
}

// verifyDonor returns what is wrong with one donor, or "".
// DonorError is what Verify reports of the donor d, or "".
func (c *Config) DonorError(d Donor) string { return c.verifyDonor(d) }

func (c *Config) verifyDonor(d Donor) string {
	param, ok := c.ParamSubshape(d.ParamNumber, d.ParamIndex)
	if !ok {
		return fmt.Sprintf("buffer donor %s at %s is not a parameter of the entry function", c.ParamLabel(d.ParamNumber, d.ParamIndex), d.ParamIndex)
	}
	if !param.IsArray() {
		return fmt.Sprintf("buffer donor %s at %s is not an array: %s", c.ParamLabel(d.ParamNumber, d.ParamIndex), d.ParamIndex, param.Written())
	}
	if c.Aliases.ParameterHasAlias(d.ParamNumber, d.ParamIndex) {
		return fmt.Sprintf("Input %d at index %s is registered as a buffer donor. However, it is also in the input output alias config.", d.ParamNumber, d.ParamIndex)
	}
	return ""
}

// ForEachUnsettled calls f, when c.PerDevice, with each alias one of
// whose sides has no sharding written: XLA's partitioner chooses that
// side's sharding, and compilation fails with XLA's "Expected aliased
// input ... to have the same size" unless it gives both sides the same
// bytes on each device (jax-ml/jax issue 25346). UnsettledWarning is the
// warning for one; the walk itself builds no message.
func (c *Config) ForEachUnsettled(f func(out ShapeIndex, a Alias)) {
	if !c.PerDevice() {
		return
	}
	c.Aliases.ForEachAlias(func(out ShapeIndex, a Alias) {
		if c.ShardingsWritten(a.ParamNumber, a.ParamIndex, out) {
			return
		}
		p, ok1 := c.DeviceParam(a.ParamNumber, a.ParamIndex)
		o, ok2 := c.DeviceOutput(out)
		if ok1 && ok2 && p.IsArray() && o.IsArray() {
			f(out, a)
		}
	})
}

// UnsettledWarning is the warning of an alias ForEachUnsettled gives: it
// names what one device holds of the side whose sharding is written, or
// the whole shapes when neither is.
func (c *Config) UnsettledWarning(out ShapeIndex, a Alias) *ast.Error {
	p, _ := c.DeviceParam(a.ParamNumber, a.ParamIndex)
	o, _ := c.DeviceOutput(out)
	pLabel := c.ParamLabel(a.ParamNumber, a.ParamIndex) + " at " + a.ParamIndex.String()
	ps, os := c.ParamSharding(a.ParamNumber, a.ParamIndex) != nil, c.outputShardingWritten(out)
	var what string
	switch {
	case !ps && !os:
		what = fmt.Sprintf("neither side has a sharding in a module of %d partitions: XLA's partitioner will choose them, and unless each device then holds as many bytes of one as of the other", c.Sharding.DeviceCount())
	default:
		bare, other, held := pLabel, c.OutputIndexLabel(out), o
		if ps {
			bare, other, held = other, pLabel, p
		}
		what = fmt.Sprintf("%s has no sharding in a module of %d partitions: XLA's partitioner will choose one, and unless each device then holds %d bytes of it (as of %s: %s)",
			bare, c.Sharding.DeviceCount(), held.ByteSize(), other, held.StringWithLayout())
	}
	return &ast.Error{Pos: c.aliasPos(out, &a), Severity: ast.SevWarning,
		Msg: fmt.Sprintf("%s is aliased with %s, but %s, compilation fails with \"Expected aliased input %d at index %s and output at index %s to have the same size\"",
			c.OutputIndexLabel(out), pLabel, what, a.ParamNumber, a.ParamIndex, out)}
}
