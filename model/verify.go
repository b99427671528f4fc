package model

import (
	"fmt"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// Verify checks the invariants XLA's HloInputOutputAliasConfig::Verify and
// HloBufferDonorConfig::Verify check, plus MHLO's type rule for
// must-aliases. It never changes c. Each error points at the attribute
// that introduced the alias or donor, or at the value it names.
func Verify(c *Config) ast.ErrorList {
	var errs ast.ErrorList
	if c == nil {
		errs.Add(ast.Pos{}, "no config: the module failed")
		return errs
	}
	seen := &seenLeaves{nodes: c.Aliases.nodes, root: make([]int32, len(c.Params))}
	for i, k := range c.Aliases.aliases {
		if k == 0 {
			continue
		}
		a, _ := c.Aliases.at(i)
		out := c.Aliases.nodes.index[i]
		if msg := c.verifyAlias(i, &a, seen); msg != "" {
			errs.Add(c.aliasPos(out, &a), "%s", msg)
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

// verifyAlias returns what is wrong with one alias, or "".
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

func (c *Config) verifyAlias(pos int, a *Alias, seen *seenLeaves) string {
	out := c.Aliases.nodes.index[pos]
	if a.ParamNumber < 0 || a.ParamNumber >= int64(len(c.Params)) {
		return fmt.Sprintf("%s is aliased with parameter %d, but the entry function has %d parameter(s)", c.OutputIndexLabel(out), a.ParamNumber, len(c.Params))
	}
	param, ok := c.Params[a.ParamNumber].Subshape(a.ParamIndex)
	if !ok {
		return fmt.Sprintf("%s is aliased with %s at %s, which is not an index of %s", c.OutputIndexLabel(out), c.ParamLabel(a.ParamNumber, a.ParamIndex), a.ParamIndex, c.Params[a.ParamNumber].String())
	}
	output, ok := c.Output().Subshape(out)
	if !ok {
		return fmt.Sprintf("output index %s is not an index of %s", out, c.Output().String())
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
		return fmt.Sprintf("%s at %s is aliased with %s, but its size in bytes does not fit in 64 bits: %s", c.ParamLabel(a.ParamNumber, a.ParamIndex), a.ParamIndex, c.OutputIndexLabel(out), param.String())
	case static && !output.byteSizeFits():
		return fmt.Sprintf("%s is aliased with %s at %s, but its size in bytes does not fit in 64 bits: %s", c.OutputIndexLabel(out), c.ParamLabel(a.ParamNumber, a.ParamIndex), a.ParamIndex, output.String())
	}
	if static && param.ByteSize() != output.ByteSize() {
		return fmt.Sprintf("Expected aliased input %d at index %s and output at index %s to have the same size. Input sub-shape is %s with size %d, output sub-shape is %s with size %d",
			a.ParamNumber, a.ParamIndex, out, param.StringWithLayout(), param.ByteSize(), output.StringWithLayout(), output.ByteSize())
	}
	if prev, dup := seen.add(a.ParamNumber, a.ParamIndex, pos); dup {
		return fmt.Sprintf("%s at %s is aliased with more than one output: %s and %s", c.ParamLabel(a.ParamNumber, a.ParamIndex), a.ParamIndex, c.OutputIndexLabel(prev), c.OutputIndexLabel(out))
	}
	if a.Kind == MustAlias && !Compatible(param, output) {
		what := fmt.Sprintf("must-alias of %s and %s at %s does", c.OutputIndexLabel(out), c.ParamLabel(a.ParamNumber, a.ParamIndex), a.ParamIndex)
		if a.Origin.Attr == "mhlo.result_alias" {
			what = `attribute "mhlo.result_alias" aliases do`
		}
		return fmt.Sprintf("%s not have compatible types, '%s' vs. '%s'", what, param.MLIR(), output.MLIR())
	}
	return ""
}

// verifyDonor returns what is wrong with one donor, or "".
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
