package model

import (
	"math"
	"slices"
	"strconv"
)

// LayoutAttrs holds the parts of an XLA layout that HLO text prints after
// the colon of `{1,0:T(8,128)(2,1)L(2)#(u32)*(u32)E(4)S(1)SC(0:2)P(...)M(8)}`,
// except the memory space, which is Shape.MemorySpace. MLIR modules carry
// none of them, so their shapes have a nil *LayoutAttrs; a zero value means
// the same as nil. Each field's zero value is XLA's default, which prints
// nothing.
type LayoutAttrs struct {
	Tiles []Tile // T(8,128)(2,1)
	// TailPaddingAlignment is L(n), the tail padding alignment in
	// elements; 0 and 1 both mean XLA's default of 1.
	TailPaddingAlignment int64
	IndexType            PrimitiveType // #(u32); Invalid when unset
	PointerType          PrimitiveType // *(u32); Invalid when unset
	ElementSizeBits      int64         // E(n)
	SplitConfigs         []SplitConfig // SC(0:2,4)(1:8)
	PhysicalShape        *Shape        // P(shape)
	// DynamicMetadataPrefixBytes is M(n). As in XLA's Layout::Equal, it is
	// printed but not compared.
	DynamicMetadataPrefixBytes int64
}

// Tile is one tile of a tiled layout: its dimension sizes, minor-most
// last. CombineDimension stands for a dimension printed `*`.
type Tile []int64

// CombineDimension is XLA's Tile::kCombineDimension, printed `*`.
const CombineDimension int64 = math.MinInt64

// SplitConfig is one split of a layout's dimension, `(dim:i,j)`.
type SplitConfig struct {
	Dimension int64
	Indices   []int64
}

// IsZero reports whether a (nil included) has no attribute that prints.
func (a *LayoutAttrs) IsZero() bool {
	return a == nil || len(a.Tiles) == 0 && a.TailPaddingAlignment <= 1 &&
		a.IndexType == Invalid && a.PointerType == Invalid && a.ElementSizeBits == 0 &&
		len(a.SplitConfigs) == 0 && a.PhysicalShape == nil && a.DynamicMetadataPrefixBytes <= 0
}

// equalLayoutAttrs compares a and b as XLA's Layout::Equal does (all but
// the dynamic shape metadata prefix bytes).
func equalLayoutAttrs(a, b *LayoutAttrs) bool {
	var zero LayoutAttrs
	if a == nil {
		a = &zero
	}
	if b == nil {
		b = &zero
	}
	if !slices.EqualFunc(a.Tiles, b.Tiles, func(x, y Tile) bool { return slices.Equal(x, y) }) ||
		max(a.TailPaddingAlignment, 1) != max(b.TailPaddingAlignment, 1) ||
		a.IndexType != b.IndexType || a.PointerType != b.PointerType ||
		a.ElementSizeBits != b.ElementSizeBits ||
		!slices.EqualFunc(a.SplitConfigs, b.SplitConfigs, func(x, y SplitConfig) bool {
			return x.Dimension == y.Dimension && slices.Equal(x.Indices, y.Indices)
		}) {
		return false
	}
	if a.PhysicalShape == nil || b.PhysicalShape == nil {
		return a.PhysicalShape == b.PhysicalShape
	}
	return Equal(a.PhysicalShape, b.PhysicalShape)
}

// cloneLayoutAttrs returns a deep copy of a.
func cloneLayoutAttrs(a *LayoutAttrs) *LayoutAttrs {
	if a == nil {
		return nil
	}
	c := *a
	if a.Tiles != nil {
		c.Tiles = make([]Tile, len(a.Tiles))
		for i, t := range a.Tiles {
			c.Tiles[i] = slices.Clone(t)
		}
	}
	if a.SplitConfigs != nil {
		c.SplitConfigs = make([]SplitConfig, len(a.SplitConfigs))
		for i, s := range a.SplitConfigs {
			c.SplitConfigs[i] = SplitConfig{s.Dimension, slices.Clone(s.Indices)}
		}
	}
	if a.PhysicalShape != nil {
		p := a.PhysicalShape.Clone()
		c.PhysicalShape = &p
	}
	return &c
}

// appendLayout appends an array's layout as XLA's Layout::Print prints it:
// `{1,0}`, `{0,2,1:T(2,128)}`, `{:S(5)}` for a scalar in memory space 5.
// A scalar whose layout would print `{}` prints nothing, as
// ShapeUtil::HumanStringWithLayout leaves it out.
// It stops once b is longer than max.
func (s *Shape) appendLayout(b []byte, max int) []byte {
	a := s.Attrs()
	hasColon := !a.IsZero() || s.MemorySpace() != 0
	if len(s.MinorToMajor) == 0 && !hasColon {
		return b
	}
	if b = appendList(append(b, '{'), s.MinorToMajor, max); len(b) > max {
		return b
	}
	if hasColon {
		b = append(b, ':')
		if a == nil {
			a = &LayoutAttrs{}
		}
		b = a.appendBeforeMemorySpace(b)
		if s.MemorySpace() != 0 {
			b = strconv.AppendInt(append(b, "S("...), s.MemorySpace(), 10)
			b = append(b, ')')
		}
		b = a.appendAfterMemorySpace(b, true)
	}
	return append(b, '}')
}

// appendEqualKey appends the attributes that Layout::Equal compares, as
// they print (M(n) is left out: it is not compared), to a key of
// Shape.AppendEqualKey.
func (a *LayoutAttrs) appendEqualKey(b []byte) []byte {
	if a == nil {
		return b
	}
	b = a.appendBeforeMemorySpace(b)
	return a.appendAfterMemorySpace(b, false)
}

func appendCall(b []byte, name string, n int64) []byte {
	b = strconv.AppendInt(append(b, name+"("...), n, 10)
	return append(b, ')')
}

func (a *LayoutAttrs) appendBeforeMemorySpace(b []byte) []byte {
	if len(a.Tiles) > 0 {
		b = append(b, 'T')
		for _, t := range a.Tiles {
			b = append(b, '(')
			for i, d := range t {
				if i > 0 {
					b = append(b, ',')
				}
				if d == CombineDimension {
					b = append(b, '*')
				} else {
					b = strconv.AppendInt(b, d, 10)
				}
			}
			b = append(b, ')')
		}
	}
	if a.TailPaddingAlignment > 1 {
		b = appendCall(b, "L", a.TailPaddingAlignment)
	}
	if a.IndexType != Invalid {
		b = append(append(append(b, "#("...), a.IndexType.String()...), ')')
	}
	if a.PointerType != Invalid {
		b = append(append(append(b, "*("...), a.PointerType.String()...), ')')
	}
	if a.ElementSizeBits != 0 {
		b = appendCall(b, "E", a.ElementSizeBits)
	}
	return b
}

// appendAfterMemorySpace appends SC, P and, with metadata, M.
func (a *LayoutAttrs) appendAfterMemorySpace(b []byte, metadata bool) []byte {
	if len(a.SplitConfigs) > 0 {
		b = append(b, "SC"...)
		for _, c := range a.SplitConfigs {
			b = strconv.AppendInt(append(b, '('), c.Dimension, 10)
			b = append(appendList(append(b, ':'), c.Indices, math.MaxInt), ')')
		}
	}
	if a.PhysicalShape != nil {
		b = append(a.PhysicalShape.AppendText(append(b, "P("...), true), ')')
	}
	if metadata && a.DynamicMetadataPrefixBytes > 0 {
		b = appendCall(b, "M", a.DynamicMetadataPrefixBytes)
	}
	return b
}
