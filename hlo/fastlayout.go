package hlo

import (
	"bytes"
	"slices"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// entry_computation_layout is the longest value of a header: a shape for
// every parameter. Storing its tokens first (participle's PeekingLexer
// holds them all) costs more than reading them, and a node tree per shape
// costs more than the shape. readLayout reads the value straight from the
// text, tokenizing as hloLexer does, each shape of the common forms
// decoded into the model (shapeDecoder) as lowerShape would lower the
// grammar's nodes. A shape of another form, or one that would not lower,
// is read by the grammar alone (readPiece, piece.go), so that the
// diagnostics and the shapes of the rare forms stay the grammar's, and a
// malformed value costs what a valid one does.

// byteCursor walks src[:end] by tokens, keeping the position as hloLexer
// does (columns count bytes).
type byteCursor struct {
	src  []byte
	end  int
	file string
	// off is the offset of the next byte, line its line, and bol the
	// offset before its line's first column: its column is off-bol.
	off, line, bol int
	ints           intArena // the shape indices read (shapeIndex)
}

// seek moves the cursor to p.
func (c *byteCursor) seek(p ast.Pos) {
	c.file, c.off, c.line, c.bol = p.Filename, p.Offset, p.Line, p.Offset-p.Column
}

// position is here, as the lexer's.
func (c *byteCursor) position() lexer.Position { return lexer.Position(c.here()) }

func (c *byteCursor) at(i int) byte {
	if i < c.end {
		return c.src[i]
	}
	return 0
}

func (c *byteCursor) here() ast.Pos {
	return ast.Pos{Filename: c.file, Offset: c.off, Line: c.line, Column: c.off - c.bol}
}

// advance moves past n bytes, a byte at a time when they are few: most
// tokens are one or two bytes long, too short for advancePos's searches
// to pay.
func (c *byteCursor) advance(n int) {
	seg := c.src[c.off : c.off+n]
	if n > 16 {
		if lines := bytes.Count(seg, []byte{'\n'}); lines > 0 {
			c.line, c.bol = c.line+lines, c.off+bytes.LastIndexByte(seg, '\n')
		}
	} else {
		for i, b := range seg {
			if b == '\n' {
				c.line, c.bol = c.line+1, c.off+i
			}
		}
	}
	c.off += n
}

// trivia skips white space and comments; false on an unterminated one.
func (c *byteCursor) trivia() bool {
	return c.off < c.end && !triviaStart[c.src[c.off]] || c.moreTrivia() // inlined
}

// triviaStart marks the bytes trivia may begin with.
var triviaStart = [256]bool{' ': true, '\t': true, '\n': true, '\r': true, '/': true}

// moreTrivia is trivia past the first test.
func (c *byteCursor) moreTrivia() bool {
	for {
		i := c.off
		switch b := c.at(i); {
		case i < c.end && isSpace(b):
			j := i + 1
			for j < c.end && isSpace(c.src[j]) {
				j++
			}
			c.advance(j - i)
		case b == '/' && (c.at(i+1) == '/' || c.at(i+1) == '*'):
			n, ok := commentLen(c.src[:c.end], i, nil)
			if !ok {
				return false
			}
			c.advance(n)
		default:
			return true
		}
	}
}

// is reports whether the next token is the one-byte punctuation b (none
// of them begins a longer token).
func (c *byteCursor) is(b byte) bool {
	i := c.off
	return i < c.end && c.src[i] == b
}

// eat consumes the one-byte punctuation b (not a newline) and the trivia
// after it.
func (c *byteCursor) eat(b byte) bool {
	if !c.is(b) {
		return false
	}
	c.off++
	return c.trivia()
}

// eatEnd is eat, and the end of b: the position before the trivia.
func (c *byteCursor) eatEnd(b byte) (end ast.Pos, ok bool) {
	if !c.is(b) {
		return end, false
	}
	c.off++
	end = c.here()
	return end, c.trivia()
}

// readLayout reads entry_computation_layout's value spanning span, the
// layout or the error, with XLA's messages: the layout's Pos is at its
// '{', its EndPos after its '}', each shape's point that of its first
// token. params, the entry's parameter count when known, sizes the
// parameters' slices.
func readLayout(src []byte, span ast.Span, release func(from, to int), params int) (*ComputationLayout, error) {
	c, err := valueCursor(src, span, release)
	if err != nil {
		return nil, err
	}
	l := &ComputationLayout{Pos: c.here()}
	if !c.eat('{') {
		return nil, expected(c, "Expects '{' at the start of aliasing description")
	}
	if !c.eat('(') {
		return nil, expected(c, "Expects ( before parameter shape list")
	}
	if params > 0 { // the entry's parameters, which the layout must match
		l.Params, l.ParamAt = make([]model.Shape, 0, params), make([]model.Point, 0, params)
	}
	var d shapeDecoder
	for !c.is(')') {
		l.Params, l.ParamAt = append(l.Params, model.Shape{}), append(l.ParamAt, model.PointOf(c.here()))
		i := len(l.Params) - 1
		if err := d.top(c, l, i, &l.Params[i]); err != nil {
			return nil, err
		}
		if c.is(')') {
			break
		}
		if !c.eat(',') {
			return nil, expected(c, "Expects , between parameter shapes")
		}
	}
	c.eat(')')
	if c.at(c.off) != '-' || c.at(c.off+1) != '>' {
		return nil, expected(c, "Expects -> before result shape")
	}
	c.advance(2)
	c.trivia()
	l.ResultAt = model.PointOf(c.here())
	if err := d.top(c, l, len(l.Params), &l.Result); err != nil {
		return nil, err
	}
	end, ok := c.eatEnd('}')
	if !ok {
		return nil, expected(c, "Expects '}' at the end of computation layouts")
	}
	if c.off != c.end {
		return nil, unexpected(c) // the grammar's root reads nothing more
	}
	l.EndPos = end
	return l, nil
}

// top reads shape i of the layout l (len(l.Params) for the result) into
// dst. A shape that parses but does not lower is left zero, its error in
// l.Errs; the error returned is the grammar's for a shape that does not
// parse.
func (d *shapeDecoder) top(c *byteCursor, l *ComputationLayout, i int, dst *model.Shape) error {
	lerr, err := d.readTop(c, dst)
	if lerr != nil {
		*dst = model.Shape{}
		l.Errs = append(l.Errs, ShapeError{Index: i, Err: lerr})
	}
	return err
}

// readTop reads the shape at c into dst: lerr says why a shape that
// parses does not lower, err is the grammar's error for one that does not
// parse, read from the shape's start.
func (d *shapeDecoder) readTop(c *byteCursor, dst *model.Shape) (lerr *ast.Error, err error) {
	start := *c
	lerr, ok := d.shape(c, 0, dst, true)
	if ok || d.err != nil {
		return lerr, d.err
	}
	fail := *c
	*c = start
	return grammarShape(c, &fail, dst)
}

// grammarShape reads the shape at c with the grammar alone (readPiece)
// and lowers it into dst, left zero when it does not lower; fail is where
// the hand reader stopped.
func grammarShape(c, fail *byteCursor, dst *model.Shape) (lerr *ast.Error, err error) {
	n, err := readPiece(c, fail)
	if err != nil {
		return nil, err
	}
	if lerr = lowerShape(n, dst); lerr != nil {
		*dst = model.Shape{}
	}
	return lerr, nil
}

// readInstrShape reads the shape spanning span, the whole span: by hand
// when it can, else with the grammar over the span when it is at most
// maxPiece long, else as readTop reads it.
func readInstrShape(src []byte, span ast.Span, dst *model.Shape, release func(from, to int)) (lerr *ast.Error, err error) {
	c, err := valueCursor(src, span, release)
	if err != nil {
		return nil, err
	}
	var d shapeDecoder
	start := *c
	if _, ok := d.shape(c, 0, dst, false); ok && c.off == c.end || d.err != nil {
		return nil, d.err
	}
	if span.End.Offset-span.Pos.Offset <= maxPiece {
		n, err := parseSpan(&grammar.shape, src, span)
		if err != nil {
			return nil, err
		}
		if lerr = lowerShape(n, dst); lerr != nil {
			*dst = model.Shape{}
		}
		return lerr, nil
	}
	*c = start
	lerr, err = d.readTop(c, dst)
	if err == nil && c.off != c.end {
		err = unexpected(c)
	}
	return lerr, err
}

// maxFastDepth bounds the tuple nesting shapeDecoder reads itself.
const maxFastDepth = 32

// shapeDecoder reads shapes of the common forms, and layouts
// with the attributes of attrs, checking them as lowerShape does. Its
// buffers are reused from shape to shape; each shape's slices are its
// own.
type shapeDecoder struct {
	dims, m2m []int64
	dynamic   []bool
	err       error // a shape has more than model.MaxRank dimensions
}

// A shape of more than model.MaxRank dimensions is an error at the first
// dimension past the bound, and the rest is not read. The grammar reads
// at most maxPiece bytes of a shape, too few to spell more.

// shape reads the shape at c into dst, reporting whether it could. With
// pieces, a shape of another form (a tuple's element included) is read by
// the grammar alone and lowered, and the error returned is why the shape
// does not lower (a tuple's: its first element's in order, as
// lowerShape's); false is then for a shape that does not parse. Without,
// a shape of another form or one that would not lower gives false.
func (d *shapeDecoder) shape(c *byteCursor, depth int, dst *model.Shape, pieces bool) (*ast.Error, bool) {
	save := *c
	switch b := c.at(c.off); {
	case b == '(' && depth < maxFastDepth:
		c.eat('(')
		var elems []model.Shape
		var first *ast.Error
		ok := c.list(')', func() bool {
			elems = append(elems, model.Shape{})
			lerr, ok := d.shape(c, depth+1, &elems[len(elems)-1], pieces)
			if first == nil {
				first = lerr
			}
			return ok
		})
		switch {
		case !ok:
			return nil, false
		case first != nil:
			return first, true
		}
		*dst = model.Tuple(elems...)
		return nil, true
	case isIdentStart(b) && d.array(c, dst):
		return nil, true
	}
	if !pieces || d.err != nil {
		return nil, false
	}
	fail := *c
	*c = save
	lerr, err := grammarShape(c, &fail, dst)
	return lerr, err == nil
}

// array reads `type[dims]` with an optional layout of integers and tiles.
func (d *shapeDecoder) array(c *byteCursor, dst *model.Shape) bool {
	i := c.off
	k := identLen(c.src[:c.end], i, nil)
	name := c.src[i : i+k]
	c.advance(k)
	if !c.trivia() || !c.eat('[') {
		return false
	}
	d.dims, d.dynamic = d.dims[:0], d.dynamic[:0]
	dynamic := false
	ok := c.list(']', func() bool {
		if len(d.dims) == model.MaxRank {
			d.err = expected(c, model.RankError)
			return false
		}
		if c.is('?') {
			d.dims, d.dynamic, dynamic = append(d.dims, model.UnboundedSize), append(d.dynamic, true), true
			return c.eat('?')
		}
		bounded := c.at(c.off) == '<' && c.at(c.off+1) == '=' // `<=8`: dynamic, at most 8
		if bounded {
			c.advance(2)
			if !c.trivia() {
				return false
			}
			dynamic = true
		}
		n, ok := c.size()
		d.dims, d.dynamic = append(d.dims, n), append(d.dynamic, bounded)
		return ok
	})
	if !ok {
		return false
	}
	switch string(name) {
	case "token", "opaque":
		if len(d.dims) > 0 || c.is('{') {
			return false // lowerShape says why
		}
		if string(name) == "token" {
			*dst = model.Token()
		} else {
			*dst = model.Opaque("opaque[]")
		}
		return true
	}
	elem, ok := model.PrimitiveFromXLA(string(name))
	if !ok {
		return false
	}
	rank := len(d.dims)
	// The dimensions and the minor-to-major list share one allocation.
	buf := make([]int64, 2*rank)
	s := model.Shape{Kind: model.ArrayShape, Elem: elem, Dims: buf[:rank:rank]}
	copy(s.Dims, d.dims)
	if dynamic {
		s.SetDynamic(slices.Clone(d.dynamic))
	}
	m2m := buf[rank:]
	if c.is('{') {
		if !d.layout(c, &s, m2m) {
			return false
		}
	} else {
		for i := range m2m {
			m2m[i] = int64(rank - 1 - i)
		}
		s.HasLayout, s.MinorToMajor = true, m2m
	}
	*dst = s
	return true
}

// size reads a dimension or tile size: a non-negative Int token that fits
// in 64 bits.
func (c *byteCursor) size() (int64, bool) {
	if c.is('-') {
		return 0, false
	}
	return c.int64()
}

// layout reads `{minor_to_major}`, with the attributes attrs reads, into
// s, whose minor-to-major list is m2m (of the rank's length).
func (d *shapeDecoder) layout(c *byteCursor, s *model.Shape, m2m []int64) bool {
	c.eat('{')
	d.m2m = d.m2m[:0]
	if c.is(',') {
		return false
	}
	for !c.is(':') && !c.is('}') {
		if len(d.m2m) == len(m2m) {
			return false // longer than the rank: the grammar says so
		}
		if len(d.m2m) > 0 && !c.eat(',') {
			return false
		}
		n, ok := c.size()
		if !ok {
			return false
		}
		d.m2m = append(d.m2m, n)
	}
	if len(d.m2m) != len(m2m) || !isPermutation(d.m2m) {
		return false
	}
	copy(m2m, d.m2m)
	s.HasLayout, s.MinorToMajor = true, m2m
	if c.is(':') {
		c.eat(':')
		if !d.attrs(c, s) {
			return false
		}
	}
	return c.eat('}')
}

// attrs reads the attributes after a layout's ':' in XLA's order, as
// lowerLayout lowers them: tiles T(..), L(n), #(type), *(type), E(n),
// S(n) and M(n). Split configs and a physical shape are left to the
// grammar.
func (d *shapeDecoder) attrs(c *byteCursor, s *model.Shape) bool {
	a := model.LayoutAttrs{TailPaddingAlignment: 1}
	var memory int64
	ok := true
	if c.keyword("T") {
		if !c.is('(') {
			return false
		}
		for c.is('(') && ok {
			var t model.Tile
			t, ok = c.tile()
			a.Tiles = append(a.Tiles, t)
		}
	}
	if ok && c.keyword("L") {
		a.TailPaddingAlignment, ok = c.parenSize()
		ok = ok && a.TailPaddingAlignment >= 1
	}
	if ok && c.is('#') {
		c.eat('#')
		a.IndexType, ok = c.parenType()
	}
	if ok && c.is('*') {
		c.eat('*')
		a.PointerType, ok = c.parenType()
	}
	if ok && c.keyword("E") {
		a.ElementSizeBits, ok = c.parenSize()
	}
	if ok && c.keyword("S") {
		memory, ok = c.parenSize()
	}
	if !ok || c.isKeyword("SC") || c.isKeyword("P") {
		return false
	}
	if c.keyword("M") {
		if a.DynamicMetadataPrefixBytes, ok = c.parenSize(); !ok {
			return false
		}
	}
	s.SetMemorySpace(memory)
	if !a.IsZero() {
		s.SetAttrs(&a)
	}
	return true
}

// isKeyword reports whether the identifier w stands at the cursor.
func (c *byteCursor) isKeyword(w string) bool {
	i := c.off
	return identLen(c.src[:c.end], i, nil) == len(w) && string(c.src[i:i+len(w)]) == w
}

// keyword consumes the identifier w and the trivia after it, if it
// stands at the cursor.
func (c *byteCursor) keyword(w string) bool {
	if !c.isKeyword(w) {
		return false
	}
	c.advance(len(w))
	return c.trivia()
}

// parenSize reads `(n)`, n a size.
func (c *byteCursor) parenSize() (int64, bool) {
	if !c.eat('(') {
		return 0, false
	}
	n, ok := c.size()
	return n, ok && c.eat(')')
}

// parenType reads `(t)`, t an unsigned integer type, as typeAttr takes it.
func (c *byteCursor) parenType() (model.PrimitiveType, bool) {
	if !c.eat('(') {
		return 0, false
	}
	i := c.off
	k := identLen(c.src[:c.end], i, nil)
	p, ok := model.PrimitiveFromXLA(string(c.src[i : i+k]))
	if k == 0 || !ok || !p.IsUnsignedInt() {
		return 0, false
	}
	c.advance(k)
	return p, c.trivia() && c.eat(')')
}

// isPermutation reports whether m2m holds 0 to len(m2m)-1, each once.
func isPermutation(m2m []int64) bool {
	var small [8]bool
	seen := small[:0]
	if len(m2m) > len(small) {
		seen = make([]bool, 0, len(m2m))
	}
	seen = seen[:len(m2m)]
	clear(seen)
	for _, v := range m2m {
		if v < 0 || v >= int64(len(m2m)) || seen[v] {
			return false
		}
		seen[v] = true
	}
	return true
}

// list reads `elem (',' elem)*`, or nothing, up to the byte close, and
// close itself; elem reads one element and reports whether it could.
func (c *byteCursor) list(close byte, elem func() bool) bool {
	if !c.is(close) {
		for {
			if !elem() {
				return false
			}
			if c.is(close) {
				break
			}
			if !c.eat(',') {
				return false
			}
		}
	}
	return c.eat(close)
}

// tile reads one tile, `(8,128)` or `(2,*)`.
func (c *byteCursor) tile() (model.Tile, bool) {
	c.eat('(')
	t := model.Tile{}
	ok := c.list(')', func() bool {
		if c.is('*') {
			t = append(t, model.CombineDimension)
			return c.eat('*')
		}
		n, ok := c.size()
		t = append(t, n)
		return ok
	})
	return t, ok
}
