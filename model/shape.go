package model

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// ShapeKind says what a Shape is.
type ShapeKind uint8

// The kinds of shape.
const (
	ArrayShape  ShapeKind = iota // a dense array (a tensor)
	TupleShape                   // a tuple of shapes
	TokenShape                   // !mhlo.token or !stablehlo.token
	OpaqueShape                  // any other type: a leaf that never matches
)

// UnboundedSize is the size of a dynamic dimension that has no bound.
const UnboundedSize int64 = -1

// MaxRank bounds the dimensions of a shape the front ends read: a shape
// holds 16 bytes a dimension (its size and its place in the layout), and
// with the bound at most 512 KiB. A shape with more is an error
// (RankError) where the front end finds it.
const MaxRank = 1 << 15

// RankError is the message of a shape of more than MaxRank dimensions.
var RankError = fmt.Sprintf("a shape of more than %d dimensions is not supported", MaxRank)

// Shape mirrors xla::Shape for the parts the alias passes look at.
//
// For an array, Dims[i] is the size of dimension i; when Dynamic()[i] is
// set it is the dimension's bound instead, or UnboundedSize. Dynamic is
// nil for a static shape. MinorToMajor is the layout when HasLayout is
// set; an array without a layout is "unresolved" (mhlo.layout_mode =
// "auto").
//
// A config holds a Shape for each of up to hundreds of thousands of
// parameters and results, so a Shape is 64 bytes: the one-byte fields
// share a word, and the fields most shapes leave zero (the dynamic
// flags, the memory space, an HLO layout's other attributes, a tuple's
// elements, an opaque type's text) sit behind one pointer, read with
// the methods of the same names and set with Set methods. A Set method
// never changes a copy of the shape made before it: the shape gets
// fields of its own.
type Shape struct {
	Kind         ShapeKind
	Elem         PrimitiveType
	HasLayout    bool
	Dims         []int64
	MinorToMajor []int64
	rare         *rareFields
}

// rareFields are the fields of a Shape that most shapes leave zero.
type rareFields struct {
	dynamic     []bool
	memorySpace int64
	attrs       *LayoutAttrs
	elems       []Shape
	text        string
}

// noRare is the rare fields of a shape that has none; it is never changed.
var noRare rareFields

// fields returns s's rare fields for reading.
func (s *Shape) fields() *rareFields {
	if s.rare == nil {
		return &noRare
	}
	return s.rare
}

// own returns s's rare fields, a copy of its own to change.
func (s *Shape) own() *rareFields {
	r := &rareFields{}
	if s.rare != nil {
		*r = *s.rare
	}
	s.rare = r
	return r
}

// Dynamic holds, for each dimension of an array, whether it is dynamic;
// nil for a static shape.
func (s *Shape) Dynamic() []bool { return s.fields().dynamic }

// SetDynamic sets the dynamic flags (see Dynamic).
func (s *Shape) SetDynamic(d []bool) {
	if d != nil || s.rare != nil {
		s.own().dynamic = d
	}
}

// MemorySpace is the layout's memory space: 0 the device default, 1
// generic fast memory, 5 host memory (S(n) in HLO text; mhlo.memory_kind
// "pinned_host" or "unpinned_host" in MLIR).
func (s *Shape) MemorySpace() int64 { return s.fields().memorySpace }

// SetMemorySpace sets the memory space (see MemorySpace).
func (s *Shape) SetMemorySpace(m int64) {
	if m != 0 || s.rare != nil {
		s.own().memorySpace = m
	}
}

// Attrs is the rest of an HLO layout (tiles, element size, ...); nil for
// MLIR, which has none. See LayoutAttrs.
func (s *Shape) Attrs() *LayoutAttrs { return s.fields().attrs }

// SetAttrs sets the layout's other attributes (see Attrs).
func (s *Shape) SetAttrs(a *LayoutAttrs) {
	if a != nil || s.rare != nil {
		s.own().attrs = a
	}
}

// Elems are the elements of a tuple. They are shared by the copies of
// the shape, as a slice's elements are: a change to one through
// Subshape or &Elems()[i] is seen by all.
func (s *Shape) Elems() []Shape { return s.fields().elems }

// SetElems sets the elements of a tuple (see Elems).
func (s *Shape) SetElems(elems []Shape) {
	if elems != nil || s.rare != nil {
		s.own().elems = elems
	}
}

// Text is the MLIR spelling of an opaque type, or "".
func (s *Shape) Text() string { return s.fields().text }

// SetText sets the MLIR spelling of an opaque type (see Text).
func (s *Shape) SetText(t string) {
	if t != "" || s.rare != nil {
		s.own().text = t
	}
}

// Array returns a static array shape with the default descending layout.
func Array(elem PrimitiveType, dims ...int64) Shape {
	s := Shape{Kind: ArrayShape, Elem: elem, Dims: dims}
	s.SetDefaultLayout()
	return s
}

// Tuple returns the tuple of elems.
func Tuple(elems ...Shape) Shape {
	if elems == nil {
		elems = []Shape{}
	}
	return Shape{Kind: TupleShape, rare: &rareFields{elems: elems}}
}

// Token returns the token shape.
func Token() Shape { return Shape{Kind: TokenShape} }

// Opaque returns a leaf for a type XLA does not model, spelled text in MLIR.
func Opaque(text string) Shape {
	s := Shape{Kind: OpaqueShape}
	s.SetText(text)
	return s
}

// OpaqueOf is Opaque for the type spelled text in the input: the spelling
// only names the type in messages, so it keeps at most writtenBytes of a
// longer one, which it cuts as Written does. It copies no more than that.
func OpaqueOf(text []byte) Shape {
	if len(text) > writtenBytes {
		return Opaque(string(text[:writtenBytes]) + "...")
	}
	return Opaque(string(text))
}

// Written is the shape as a message names it: an opaque shape as the
// source wrote its type (memref<2xf32>, !mpmd.mesh_tensor<...>), which
// says more than XLA's opaque[]; any other shape as String prints it.
// It is cut after writtenBytes, ending in "...", so that no message
// holds a shape of a million leaves.
func (s *Shape) Written() string {
	if s.Kind == OpaqueShape && s.Text() != "" {
		return ast.Clip(s.Text())
	}
	b := s.AppendTextUpTo(nil, false, writtenBytes)
	if len(b) > writtenBytes {
		return string(b[:writtenBytes]) + "..."
	}
	return string(b)
}

// writtenBytes is the longest shape Written prints whole.
const writtenBytes = 256

// MaxLeaves is the most leaves (arrays, tokens, opaque types) one
// parameter or the output of a config read from MLIR may have: type
// aliases can name a tuple of 2^40 leaves in a few lines, which no
// walk over the leaves could finish.
const MaxLeaves = 1 << 20

// Counts returns how many leaves s has (an array, token or opaque shape
// being one) and how many shapes it is made of (itself and every
// subshape, each a node of its index tree: an empty tuple is one, with no
// leaf), both saturating at math.MaxInt64. A tuple whose elements are
// copies of one shape is counted once, so the count costs the distinct
// tuples of s, not its expansion.
func Counts(s *Shape) (leaves, shapes int64) {
	if s.Kind != TupleShape {
		return 1, 1
	}
	c := counts(s, map[*rareFields][2]int64{})
	return c[0], c[1]
}

func counts(s *Shape, seen map[*rareFields][2]int64) [2]int64 {
	switch {
	case s.Kind != TupleShape:
		return [2]int64{1, 1}
	case s.rare == nil:
		return [2]int64{0, 1}
	}
	if c, ok := seen[s.rare]; ok {
		return c
	}
	c := [2]int64{0, 1}
	for i := range s.rare.elems {
		e := counts(&s.rare.elems[i], seen)
		for k := range c {
			if c[k] += e[k]; c[k] < 0 {
				c[k] = math.MaxInt64
			}
		}
	}
	seen[s.rare] = c
	return c
}

// LeafCount is the leaves of Counts.
func LeafCount(s *Shape) int64 {
	n, _ := Counts(s)
	return n
}

// SetDefaultLayout gives an array the default descending layout, the
// minor-to-major order {rank-1, ..., 1, 0}.
func (s *Shape) SetDefaultLayout() {
	s.HasLayout = true
	s.MinorToMajor = make([]int64, len(s.Dims))
	for i := range s.MinorToMajor {
		s.MinorToMajor[i] = int64(len(s.Dims) - 1 - i)
	}
}

// IsArray reports whether s is a dense array.
func (s *Shape) IsArray() bool { return s.Kind == ArrayShape }

// IsTuple reports whether s is a tuple.
func (s *Shape) IsTuple() bool { return s.Kind == TupleShape }

// IsDynamic reports whether s has a dynamic dimension anywhere.
func (s *Shape) IsDynamic() bool {
	return slices.Contains(s.Dynamic(), true) ||
		slices.ContainsFunc(s.Elems(), func(e Shape) bool { return e.IsDynamic() })
}

// IsDynamicDim reports whether dimension i is dynamic.
func (s *Shape) IsDynamicDim(i int) bool {
	d := s.Dynamic()
	return i < len(d) && d[i]
}

// ByteSize is the size of a static array's buffer, as ShapeUtil::ByteSizeOf.
func (s *Shape) ByteSize() int64 {
	n := s.Elem.ByteWidth()
	for _, d := range s.Dims {
		n *= d
	}
	return n
}

// byteSizeFits reports whether the byte size of a static array fits in
// an int64, as XLA's shape validation requires; ByteSize wraps around
// otherwise.
func (s *Shape) byteSizeFits() bool {
	n := uint64(s.Elem.ByteWidth())
	for _, d := range s.Dims {
		hi, lo := bits.Mul64(n, uint64(d))
		if d < 0 || hi != 0 || lo > math.MaxInt64 {
			return false
		}
		n = lo
	}
	return true
}

// Subshape returns the subshape at index, and reports whether it exists.
func (s *Shape) Subshape(index ShapeIndex) (*Shape, bool) {
	cur := s
	for _, i := range index {
		elems := cur.Elems()
		if !cur.IsTuple() || i < 0 || i >= int64(len(elems)) {
			return nil, false
		}
		cur = &elems[i]
	}
	return cur, true
}

// ForEachSubshape calls f for s and every subshape of it, in pre-order.
// The index passed to f is only valid during the call.
func (s *Shape) ForEachSubshape(f func(index ShapeIndex, sub *Shape)) {
	var walk func(index ShapeIndex, sub *Shape)
	walk = func(index ShapeIndex, sub *Shape) {
		f(index, sub)
		elems := sub.Elems()
		for i := range elems {
			walk(append(index, int64(i)), &elems[i])
		}
	}
	walk(make(ShapeIndex, 0, 4), s)
}

// Clone returns a deep copy of s.
func (s Shape) Clone() Shape {
	c := s
	c.Dims = slices.Clone(s.Dims)
	c.MinorToMajor = slices.Clone(s.MinorToMajor)
	if s.rare == nil {
		return c
	}
	r := c.own()
	r.attrs = cloneLayoutAttrs(r.attrs)
	r.dynamic = slices.Clone(r.dynamic)
	if r.elems != nil {
		elems := make([]Shape, len(r.elems))
		for i := range r.elems {
			elems[i] = r.elems[i].Clone()
		}
		r.elems = elems
	}
	return c
}

// Equal reports whether a and b are the same shape: element type, dims,
// dynamic flags and the whole layout, tiles and memory space included
// (Shape::Equal). Opaque shapes are never equal.
func Equal(a, b *Shape) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case TokenShape:
		return true
	case OpaqueShape:
		return false
	case TupleShape:
		return slices.EqualFunc(a.Elems(), b.Elems(), func(x, y Shape) bool { return Equal(&x, &y) })
	}
	if a.Elem != b.Elem || !slices.Equal(a.Dims, b.Dims) || a.HasLayout != b.HasLayout {
		return false
	}
	for i := range a.Dims {
		if a.IsDynamicDim(i) != b.IsDynamicDim(i) {
			return false
		}
	}
	return !a.HasLayout || slices.Equal(a.MinorToMajor, b.MinorToMajor) &&
		a.MemorySpace() == b.MemorySpace() && equalLayoutAttrs(a.Attrs(), b.Attrs())
}

// Compatible reports whether MHLO's verifier of mhlo.result_alias
// (verifyArgResultAliasAttr) accepts an alias of two arrays, may or must:
// equal element types and compatible dims (verifyCompatibleShape: the
// same rank, and a dynamic dimension matches any size).
func Compatible(a, b *Shape) bool {
	if !a.IsArray() || !b.IsArray() || a.Elem != b.Elem || len(a.Dims) != len(b.Dims) {
		return false
	}
	for i := range a.Dims {
		if a.IsDynamicDim(i) || b.IsDynamicDim(i) {
			continue
		}
		if a.Dims[i] != b.Dims[i] {
			return false
		}
	}
	return true
}

// String prints s as ShapeUtil::HumanString does, without layout:
// "f32[2,3]", "(f32[2], s32[])", "token[]".
func (s *Shape) String() string { return string(s.AppendText(nil, false)) }

// StringWithLayout prints s as ShapeUtil::HumanStringWithLayout does:
// "f32[2,3]{1,0}", "(f32[2]{0}, s32[])", "f32[4,2,2]{0,2,1:T(2,128)}",
// "f32[8]{0:S(5)}". A scalar's empty layout and an unresolved layout
// print nothing; a scalar in another memory space prints "f32[]{:S(5)}".
func (s *Shape) StringWithLayout() string { return string(s.AppendText(nil, true)) }

// AppendText appends s as String (layout false) or StringWithLayout
// (layout true) prints it to b. A map lookup m[string(s.AppendText(buf, true))]
// finds shapes by their printed text without building a string.
func (s *Shape) AppendText(b []byte, layout bool) []byte {
	return s.AppendTextUpTo(b, layout, math.MaxInt)
}

// AppendTextUpTo is AppendText, stopping once b is longer than max: a
// text of max bytes or less is compared with it whole, at the cost of the
// text, not of the shape.
func (s *Shape) AppendTextUpTo(b []byte, layout bool, max int) []byte {
	switch s.Kind {
	case TupleShape:
		b = append(b, '(')
		elems := s.Elems()
		for i := range elems {
			if len(b) > max {
				return b
			}
			if i > 0 {
				b = append(b, ", "...)
			}
			b = elems[i].AppendTextUpTo(b, layout, max)
		}
		return append(b, ')')
	case TokenShape:
		return append(b, "token[]"...)
	case OpaqueShape:
		return append(b, "opaque[]"...)
	}
	b = append(b, s.Elem.String()...)
	b = append(b, '[')
	for i, d := range s.Dims {
		if len(b) > max {
			return b
		}
		if i > 0 {
			b = append(b, ',')
		}
		switch {
		case !s.IsDynamicDim(i):
			b = strconv.AppendInt(b, d, 10)
		case d == UnboundedSize:
			b = append(b, '?')
		default:
			b = strconv.AppendInt(append(b, "<="...), d, 10)
		}
	}
	b = append(b, ']')
	if layout && s.HasLayout {
		b = s.appendLayout(b, max)
	}
	return b
}

// AppendEqualKey appends a key of array s to b such that two arrays have
// the same key exactly when Equal reports them equal: element type, dims,
// dynamic flags, whether the layout is resolved and, if so, the layout and
// its memory space. Other kinds of shape get keys of their own kind.
func (s *Shape) AppendEqualKey(b []byte) []byte {
	b = append(b, byte(s.Kind))
	if s.Kind != ArrayShape {
		return b
	}
	b = append(b, byte(s.Elem))
	b = binary.AppendUvarint(b, uint64(len(s.Dims)))
	for i, d := range s.Dims {
		b = binary.AppendVarint(b, d)
		if s.IsDynamicDim(i) {
			b = append(b, 1)
		} else {
			b = append(b, 0)
		}
	}
	if !s.HasLayout {
		return append(b, 0)
	}
	b = append(b, 1)
	b = binary.AppendVarint(b, s.MemorySpace())
	b = binary.AppendUvarint(b, uint64(len(s.MinorToMajor)))
	for _, d := range s.MinorToMajor {
		b = binary.AppendVarint(b, d)
	}
	return s.Attrs().appendEqualKey(b)
}

// MLIR prints an array as an MLIR tensor type ("tensor<2x?xf32>"); other
// shapes print their MLIR spelling as well as the model knows it.
func (s *Shape) MLIR() string {
	switch s.Kind {
	case TupleShape:
		elems := s.Elems()
		parts := make([]string, len(elems))
		for i := range elems {
			parts[i] = elems[i].MLIR()
		}
		return "tuple<" + strings.Join(parts, ", ") + ">"
	case TokenShape:
		return "!mhlo.token"
	case OpaqueShape:
		return s.Text()
	}
	var b strings.Builder
	b.WriteString("tensor<")
	for i, d := range s.Dims {
		if s.IsDynamicDim(i) {
			b.WriteByte('?')
		} else {
			b.WriteString(strconv.FormatInt(d, 10))
		}
		b.WriteByte('x')
	}
	b.WriteString(s.Elem.MLIR())
	b.WriteByte('>')
	return b.String()
}

func appendInts(b []byte, v []int64) []byte {
	return append(appendList(append(b, '{'), v, math.MaxInt), '}')
}

// appendList appends v separated by commas, stopping once b is longer
// than max.
func appendList(b []byte, v []int64, max int) []byte {
	for i, x := range v {
		if len(b) > max {
			return b
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, x, 10)
	}
	return b
}
