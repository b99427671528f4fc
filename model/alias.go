package model

import (
	"fmt"
	"maps"
	"slices"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// AliasKind is XLA's AliasKind.
type AliasKind uint8

// The two kinds of alias.
const (
	MayAlias  AliasKind = iota // the runtime may reuse the buffer, or copy
	MustAlias                  // the output must live in the input's buffer
)

// String is the kind as XLA prints it: "may-alias" or "must-alias".
func (k AliasKind) String() string {
	if k == MustAlias {
		return "must-alias"
	}
	return "may-alias"
}

// Word is the kind in one word, as the JSON record, the remarks and the
// table print it: "may" or "must".
func (k AliasKind) Word() string {
	if k == MustAlias {
		return "must"
	}
	return "may"
}

// Origin says where an alias or donor was read from. The zero Origin means
// a pass made it.
type Origin struct {
	Attr string  // the attribute, e.g. "mhlo.result_alias"
	Pos  ast.Pos // where the attribute's entry starts in the source
}

// Alias is the parameter buffer an output may or must reuse.
type Alias struct {
	ParamNumber int64
	ParamIndex  ShapeIndex
	Kind        AliasKind
	Origin      Origin
}

// String prints the alias as Alias::ToString: "(0, {}, may-alias)".
func (a Alias) String() string {
	return fmt.Sprintf("(%d, %s, %s)", a.ParamNumber, a.ParamIndex, a.Kind)
}

// AliasConfig is HloInputOutputAliasConfig: for every subshape of the
// output shape, in pre-order, an optional Alias.
//
// Every operation but the walks over all aliases takes constant time (or
// the length of an index): an output index is found by walking a table of
// child positions, and a parameter leaf through a map to the first output
// that aliases it.
type AliasConfig struct {
	shape Shape
	nodes *outputNodes // shared by clones: it never changes
	// aliases[i] is the alias of the output at pre-order position i: 0
	// for none, else one more than its position in slots.
	aliases []int32
	// slots holds the aliases compactly, without their origins: most are
	// made by passes and have none. origins holds the others'.
	slots   []aliasSlot
	origins []Origin
	// byRoot and byIndex map a parameter leaf, (param, {}) by its number
	// and any other by its key (appendLeafKey), to the pre-order position
	// of the first output whose alias names it.
	byRoot  map[int64]int32
	byIndex map[string]int32
	count   int // the number of aliases
}

// aliasSlot is an Alias whose origin is origins[origin-1], or the zero
// Origin when origin is 0.
type aliasSlot struct {
	param  int64
	index  ShapeIndex
	origin int32
	kind   AliasKind
}

// outputNodes indexes the subshapes of an output shape in pre-order.
type outputNodes struct {
	index []ShapeIndex // of each node
	// children[i] holds the positions of node i's elements, nil for a
	// node that is not a tuple.
	children [][]int32
}

func newOutputNodes(s *Shape) *outputNodes {
	// Count first, so that every table is allocated once at its size.
	nodes, digits := 0, 0
	s.ForEachSubshape(func(index ShapeIndex, _ *Shape) {
		nodes++
		digits += len(index)
	})
	n := &outputNodes{index: make([]ShapeIndex, 0, nodes), children: make([][]int32, 0, nodes)}
	all := make([]int64, 0, digits) // one backing array for every index
	var walk func(prefix ShapeIndex, sub *Shape) int32
	walk = func(prefix ShapeIndex, sub *Shape) int32 {
		pos := int32(len(n.index))
		start := len(all)
		all = append(all, prefix...)
		n.index = append(n.index, ShapeIndex(all[start:len(all):len(all)]))
		n.children = append(n.children, nil)
		if sub.IsTuple() {
			kids := make([]int32, len(sub.Elems()))
			for i := range sub.Elems() {
				kids[i] = walk(append(prefix, int64(i)), &sub.Elems()[i])
			}
			n.children[pos] = kids
		}
		return pos
	}
	walk(make(ShapeIndex, 0, 4), s)
	return n
}

// find returns the pre-order position of output index out.
func (n *outputNodes) find(out ShapeIndex) (int, bool) {
	pos := int32(0)
	for _, i := range out {
		kids := n.children[pos]
		if i < 0 || i >= int64(len(kids)) {
			return 0, false
		}
		pos = kids[i]
	}
	return int(pos), true
}

// NewAliasConfig returns a config with no aliases for the output shape.
func NewAliasConfig(output Shape) *AliasConfig {
	c := &AliasConfig{shape: output}
	c.nodes = newOutputNodes(&c.shape)
	c.aliases = make([]int32, len(c.nodes.index))
	return c
}

// Cleared returns a config for the same output shape with no aliases. It
// costs four bytes per output node, as the index of outputs is shared.
func (c *AliasConfig) Cleared() *AliasConfig {
	return &AliasConfig{shape: c.shape, nodes: c.nodes, aliases: make([]int32, len(c.aliases))}
}

// at returns the alias of the output at pre-order position i, if any.
func (c *AliasConfig) at(i int) (Alias, bool) {
	k := c.aliases[i]
	if k == 0 {
		return Alias{}, false
	}
	a := &c.slots[k-1]
	r := Alias{ParamNumber: a.param, ParamIndex: a.index, Kind: a.kind}
	if a.origin > 0 {
		r.Origin = c.origins[a.origin-1]
	}
	return r, true
}

// Shape is the output shape the config is keyed by.
func (c *AliasConfig) Shape() *Shape { return &c.shape }

// Grow makes room for n more aliases with origins, the aliases a front
// end read from the source, so that setting them up allocates once
// rather than doubling.
func (c *AliasConfig) Grow(n int) {
	n = min(n, len(c.aliases)-len(c.slots)) // no output has two aliases
	if n > 0 {
		c.slots = slices.Grow(c.slots, n)
		c.origins = slices.Grow(c.origins, n)
	}
}

// SetUpAlias makes output index out an alias of parameter param at
// paramIndex. It fails with upstream's texts when the output index is not
// in the output shape or the output already has an alias.
func (c *AliasConfig) SetUpAlias(out ShapeIndex, param int64, paramIndex ShapeIndex, kind AliasKind, origin Origin) error {
	i, ok := c.nodes.find(out)
	if !ok {
		return fmt.Errorf("Trying to set up alias at %s which is an invalid index for shape %s", out, c.shape.Written())
	}
	if param < 0 {
		return fmt.Errorf("Trying to set up output alias for param %d at %s but failed: the parameter number is negative", param, paramIndex)
	}
	if old, ok := c.at(i); ok {
		return fmt.Errorf("Trying to set up output alias for param %d at %s but failed: output index %s is already aliased with param %d at %s",
			param, paramIndex, out, old.ParamNumber, old.ParamIndex)
	}
	slot := aliasSlot{param: param, index: paramIndex.Clone(), kind: kind}
	if origin != (Origin{}) {
		c.origins = append(c.origins, origin)
		slot.origin = int32(len(c.origins))
	}
	if len(c.slots) == cap(c.slots) {
		// Doubling, but never beyond one slot per output: no output has
		// two aliases.
		n := min(max(2*cap(c.slots), 8), len(c.aliases))
		c.slots = slices.Grow(c.slots, n-len(c.slots))
	}
	c.slots = append(c.slots, slot)
	c.aliases[i] = int32(len(c.slots))
	c.count++
	if len(paramIndex) == 0 {
		if c.byRoot == nil {
			// Sized for every output at once: no output has two aliases,
			// and a pass that adds one usually adds many.
			c.byRoot = make(map[int64]int32, len(c.aliases))
		}
		if first, ok := c.byRoot[param]; !ok || int32(i) < first {
			c.byRoot[param] = int32(i)
		}
		return nil
	}
	if c.byIndex == nil {
		c.byIndex = map[string]int32{}
	}
	var buf keyBuf
	key := appendLeafKey(buf[:0], param, paramIndex)
	if first, ok := c.byIndex[string(key)]; !ok || int32(i) < first {
		c.byIndex[string(key)] = int32(i)
	}
	return nil
}

// ForEachOutput calls f for every subshape of the output shape, in
// pre-order, as Shape.ForEachSubshape does; unlike there, the index passed
// to f stays valid after the call and must not be changed.
func (c *AliasConfig) ForEachOutput(f func(out ShapeIndex, sub *Shape)) {
	i := 0
	c.shape.ForEachSubshape(func(_ ShapeIndex, sub *Shape) {
		f(c.nodes.index[i], sub)
		i++
	})
}

// OutputHasAlias reports whether output index out has an alias.
func (c *AliasConfig) OutputHasAlias(out ShapeIndex) bool {
	i, ok := c.nodes.find(out)
	return ok && c.aliases[i] != 0
}

// GetAliasedParameter returns the alias of output index out, if any.
func (c *AliasConfig) GetAliasedParameter(out ShapeIndex) (Alias, bool) {
	i, ok := c.nodes.find(out)
	if !ok {
		return Alias{}, false
	}
	return c.at(i)
}

// GetAliasedOutput returns the first output, in pre-order, that aliases
// parameter param at paramIndex.
func (c *AliasConfig) GetAliasedOutput(param int64, paramIndex ShapeIndex) (ShapeIndex, bool) {
	var i int32
	var ok bool
	if len(paramIndex) == 0 {
		i, ok = c.byRoot[param]
	} else {
		var buf keyBuf
		i, ok = c.byIndex[string(appendLeafKey(buf[:0], param, paramIndex))]
	}
	if !ok {
		return nil, false
	}
	return c.nodes.index[i], true
}

// ParameterHasAlias reports whether some output aliases param at paramIndex.
func (c *AliasConfig) ParameterHasAlias(param int64, paramIndex ShapeIndex) bool {
	_, ok := c.GetAliasedOutput(param, paramIndex)
	return ok
}

// ForEachAlias calls f for every alias, in output pre-order.
func (c *AliasConfig) ForEachAlias(f func(out ShapeIndex, a Alias)) {
	for i, k := range c.aliases {
		if k != 0 {
			a, _ := c.at(i)
			f(c.nodes.index[i], a)
		}
	}
}

// Len is the number of aliases.
func (c *AliasConfig) Len() int { return c.count }

// Clone returns a deep copy of c.
func (c *AliasConfig) Clone() *AliasConfig {
	d := &AliasConfig{shape: c.shape.Clone(), nodes: c.nodes, aliases: slices.Clone(c.aliases),
		slots: slices.Clone(c.slots), origins: slices.Clip(c.origins), // origins are only appended
		byRoot: maps.Clone(c.byRoot), byIndex: maps.Clone(c.byIndex), count: c.count}
	for i := range d.slots {
		d.slots[i].index = d.slots[i].index.Clone()
	}
	return d
}
