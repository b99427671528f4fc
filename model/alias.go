package model

import (
	"fmt"
	"maps"

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

// Origin says where an alias or donor was read from. The zero Origin means
// a pass made it.
type Origin struct {
	Attr string   // the attribute, e.g. "mhlo.result_alias"
	Span ast.Span // the attribute's value in the source
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

type aliasNode struct {
	index ShapeIndex
	alias *Alias
}

// AliasConfig is HloInputOutputAliasConfig: for every subshape of the
// output shape, in pre-order, an optional Alias.
//
// Every operation but the walks over all aliases takes constant time (or
// the length of an index): outputs are found through a map from index to
// pre-order position, and parameter leaves through a map to the first
// output that aliases them.
type AliasConfig struct {
	shape Shape
	nodes []aliasNode
	pos   map[string]int // index key -> position in nodes; never changes
	// byParam maps a parameter leaf key (appendLeafKey) to the position
	// of the first node, in pre-order, whose alias names that leaf.
	byParam map[string]int
	count   int // the number of aliases
}

// NewAliasConfig returns a config with no aliases for the output shape.
func NewAliasConfig(output Shape) *AliasConfig {
	c := &AliasConfig{shape: output, pos: map[string]int{}, byParam: map[string]int{}}
	c.shape.ForEachSubshape(func(index ShapeIndex, _ *Shape) {
		c.pos[index.key()] = len(c.nodes)
		c.nodes = append(c.nodes, aliasNode{index: index.Clone()})
	})
	return c
}

// Cleared returns a config for the same output shape with no aliases. It
// costs only the nodes, as the index of outputs is shared.
func (c *AliasConfig) Cleared() *AliasConfig {
	d := &AliasConfig{shape: c.shape, pos: c.pos, byParam: map[string]int{}, nodes: make([]aliasNode, len(c.nodes))}
	for i, n := range c.nodes {
		d.nodes[i].index = n.index
	}
	return d
}

// Shape is the output shape the config is keyed by.
func (c *AliasConfig) Shape() *Shape { return &c.shape }

// node returns the position of output index out in nodes.
func (c *AliasConfig) node(out ShapeIndex) (int, bool) {
	var buf keyBuf
	i, ok := c.pos[string(appendIndexKey(buf[:0], out))]
	return i, ok
}

// SetUpAlias makes output index out an alias of parameter param at
// paramIndex. It fails with upstream's texts when the output index is not
// in the output shape or the output already has an alias.
func (c *AliasConfig) SetUpAlias(out ShapeIndex, param int64, paramIndex ShapeIndex, kind AliasKind, origin Origin) error {
	i, ok := c.node(out)
	if !ok {
		return fmt.Errorf("Trying to set up alias at %s which is an invalid index for shape %s", out, c.shape.String())
	}
	if param < 0 {
		return fmt.Errorf("Trying to set up output alias for param %d at %s but failed: the parameter number is negative", param, paramIndex)
	}
	if old := c.nodes[i].alias; old != nil {
		return fmt.Errorf("Trying to set up output alias for param %d at %s but failed: output index %s is already aliased with param %d at %s",
			param, paramIndex, out, old.ParamNumber, old.ParamIndex)
	}
	c.nodes[i].alias = &Alias{ParamNumber: param, ParamIndex: paramIndex.Clone(), Kind: kind, Origin: origin}
	c.count++
	var buf keyBuf
	key := appendLeafKey(buf[:0], param, paramIndex)
	if first, ok := c.byParam[string(key)]; !ok || i < first {
		c.byParam[string(key)] = i
	}
	return nil
}

// OutputHasAlias reports whether output index out has an alias.
func (c *AliasConfig) OutputHasAlias(out ShapeIndex) bool {
	i, ok := c.node(out)
	return ok && c.nodes[i].alias != nil
}

// GetAliasedParameter returns the alias of output index out, if any.
func (c *AliasConfig) GetAliasedParameter(out ShapeIndex) (Alias, bool) {
	i, ok := c.node(out)
	if !ok || c.nodes[i].alias == nil {
		return Alias{}, false
	}
	return *c.nodes[i].alias, true
}

// GetAliasedOutput returns the first output, in pre-order, that aliases
// parameter param at paramIndex.
func (c *AliasConfig) GetAliasedOutput(param int64, paramIndex ShapeIndex) (ShapeIndex, bool) {
	var buf keyBuf
	i, ok := c.byParam[string(appendLeafKey(buf[:0], param, paramIndex))]
	if !ok {
		return nil, false
	}
	return c.nodes[i].index, true
}

// ParameterHasAlias reports whether some output aliases param at paramIndex.
func (c *AliasConfig) ParameterHasAlias(param int64, paramIndex ShapeIndex) bool {
	_, ok := c.GetAliasedOutput(param, paramIndex)
	return ok
}

// ForEachAlias calls f for every alias, in output pre-order.
func (c *AliasConfig) ForEachAlias(f func(out ShapeIndex, a Alias)) {
	for _, n := range c.nodes {
		if n.alias != nil {
			f(n.index, *n.alias)
		}
	}
}

// Len is the number of aliases.
func (c *AliasConfig) Len() int { return c.count }

// Clone returns a deep copy of c.
func (c *AliasConfig) Clone() *AliasConfig {
	d := &AliasConfig{shape: c.shape.Clone(), pos: c.pos, nodes: make([]aliasNode, len(c.nodes)), byParam: maps.Clone(c.byParam), count: c.count}
	for i, n := range c.nodes {
		d.nodes[i].index = n.index
		if n.alias != nil {
			a := *n.alias
			a.ParamIndex = a.ParamIndex.Clone()
			d.nodes[i].alias = &a
		}
	}
	return d
}
