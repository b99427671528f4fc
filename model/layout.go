package model

import (
	"math"
	"slices"
	"strconv"
	"strings"
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

// writeLayout prints an array's layout as XLA's Layout::Print does:
// `{1,0}`, `{0,2,1:T(2,128)}`, `{:S(5)}` for a scalar in memory space 5.
// A scalar whose layout would print `{}` prints nothing, as
// ShapeUtil::HumanStringWithLayout leaves it out.
func (s *Shape) writeLayout(b *strings.Builder) {
	a := s.Attrs
	hasColon := !a.IsZero() || s.MemorySpace != 0
	if len(s.MinorToMajor) == 0 && !hasColon {
		return
	}
	b.WriteByte('{')
	for i, x := range s.MinorToMajor {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatInt(x, 10))
	}
	if hasColon {
		b.WriteByte(':')
		if a == nil {
			a = &LayoutAttrs{}
		}
		a.writeBeforeMemorySpace(b)
		if s.MemorySpace != 0 {
			b.WriteString("S(" + strconv.FormatInt(s.MemorySpace, 10) + ")")
		}
		a.writeAfterMemorySpace(b)
	}
	b.WriteByte('}')
}

func (a *LayoutAttrs) writeBeforeMemorySpace(b *strings.Builder) {
	if len(a.Tiles) > 0 {
		b.WriteByte('T')
		for _, t := range a.Tiles {
			b.WriteByte('(')
			for i, d := range t {
				if i > 0 {
					b.WriteByte(',')
				}
				if d == CombineDimension {
					b.WriteByte('*')
				} else {
					b.WriteString(strconv.FormatInt(d, 10))
				}
			}
			b.WriteByte(')')
		}
	}
	if a.TailPaddingAlignment > 1 {
		b.WriteString("L(" + strconv.FormatInt(a.TailPaddingAlignment, 10) + ")")
	}
	if a.IndexType != Invalid {
		b.WriteString("#(" + a.IndexType.String() + ")")
	}
	if a.PointerType != Invalid {
		b.WriteString("*(" + a.PointerType.String() + ")")
	}
	if a.ElementSizeBits != 0 {
		b.WriteString("E(" + strconv.FormatInt(a.ElementSizeBits, 10) + ")")
	}
}

func (a *LayoutAttrs) writeAfterMemorySpace(b *strings.Builder) {
	if len(a.SplitConfigs) > 0 {
		b.WriteString("SC")
		for _, c := range a.SplitConfigs {
			b.WriteString("(" + strconv.FormatInt(c.Dimension, 10) + ":")
			for i, x := range c.Indices {
				if i > 0 {
					b.WriteByte(',')
				}
				b.WriteString(strconv.FormatInt(x, 10))
			}
			b.WriteByte(')')
		}
	}
	if a.PhysicalShape != nil {
		b.WriteString("P(" + a.PhysicalShape.StringWithLayout() + ")")
	}
	if a.DynamicMetadataPrefixBytes > 0 {
		b.WriteString("M(" + strconv.FormatInt(a.DynamicMetadataPrefixBytes, 10) + ")")
	}
}

var byXLAName = func() map[string]PrimitiveType {
	m := make(map[string]PrimitiveType, len(primitives))
	for i, p := range primitives {
		if PrimitiveType(i) != Invalid {
			m[p.xla] = PrimitiveType(i)
		}
	}
	return m
}()

// PrimitiveFromXLA returns the element type XLA prints as name ("f32",
// "pred", "s4", "f8e4m3fn"), and reports whether there is one.
func PrimitiveFromXLA(name string) (PrimitiveType, bool) {
	p, ok := byXLAName[name]
	return p, ok
}

// IsUnsignedInt reports whether p is an unsigned integer type, the only
// kind XLA accepts as a layout's index or pointer type.
func (p PrimitiveType) IsUnsignedInt() bool { return p >= U2 && p <= U64 }
