package hlo

import (
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// entry_computation_layout is the longest value of a header: a shape for
// every parameter. Even with the shapes read by hand (fastShape), storing
// its tokens first (participle's PeekingLexer holds them all) costs more
// than reading them. fastLayout reads the common form straight from the
// text, tokenizing as hloLexer does, and builds the nodes the grammar
// builds with the same positions: the ComputationLayout's Pos at its '{',
// EndPos after its '}'; each shape node's Pos at its first token and its
// EndPos right after its last (where the next token, white space
// included, begins). Anything else is left to parseSpan.

// byteCursor walks src[:end] by tokens, keeping the position as hloLexer
// does (columns count bytes).
type byteCursor struct {
	src []byte
	end int
	pos lexer.Position // the position of src[pos.Offset]
}

func (c *byteCursor) at(i int) byte {
	if i < c.end {
		return c.src[i]
	}
	return 0
}

func (c *byteCursor) here() ast.Pos { return ast.Pos(c.pos) }

// advance moves past n bytes.
func (c *byteCursor) advance(n int) { advancePos(&c.pos, c.src, n) }

// trivia skips white space and comments; false on an unterminated one.
func (c *byteCursor) trivia() bool {
	for {
		i := c.pos.Offset
		switch b := c.at(i); {
		case i < c.end && isSpace(b):
			j := i + 1
			for j < c.end && isSpace(c.src[j]) {
				j++
			}
			c.advance(j - i)
		case b == '/' && (c.at(i+1) == '/' || c.at(i+1) == '*'):
			n, ok := commentLen(c.src[:c.end], i)
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
	i := c.pos.Offset
	return i < c.end && c.src[i] == b
}

// eat consumes the one-byte punctuation b and the trivia after it; its
// end is the position before that trivia.
func (c *byteCursor) eat(b byte) (end ast.Pos, ok bool) {
	if !c.is(b) {
		return end, false
	}
	c.advance(1)
	end = c.here()
	return end, c.trivia()
}

// integer reads an Int token, as hloLexer scans it.
func (c *byteCursor) integer() (string, ast.Pos, bool) {
	i := c.pos.Offset
	j := i
	if c.at(j) == '-' {
		j++
	}
	if !isDigit(c.at(j)) {
		return "", ast.Pos{}, false
	}
	for j < c.end && isDigit(c.src[j]) {
		j++
	}
	v := string(c.src[i:j])
	c.advance(j - i)
	end := c.here()
	return v, end, c.trivia()
}

// fastLayout reads entry_computation_layout's value spanning span, or
// returns nil.
func fastLayout(src []byte, span ast.Span) *ComputationLayout {
	pos := span.Pos
	c := &byteCursor{src: src, end: span.End.Offset, pos: lexer.Position{Filename: pos.Filename, Offset: pos.Offset, Line: pos.Line, Column: pos.Column}}
	if !c.trivia() {
		return nil
	}
	l := &ComputationLayout{Pos: c.here()}
	if _, ok := c.eat('{'); !ok {
		return nil
	}
	if _, ok := c.eat('('); !ok {
		return nil
	}
	if !c.is(')') {
		for {
			n := c.shape(0)
			if n == nil {
				return nil
			}
			l.Params = append(l.Params, n)
			if c.is(')') {
				break
			}
			if _, ok := c.eat(','); !ok {
				return nil
			}
		}
	}
	if _, ok := c.eat(')'); !ok {
		return nil
	}
	if c.at(c.pos.Offset) != '-' || c.at(c.pos.Offset+1) != '>' {
		return nil
	}
	c.advance(2)
	if !c.trivia() {
		return nil
	}
	if l.Result = c.shape(0); l.Result == nil {
		return nil
	}
	end, ok := c.eat('}')
	if !ok || c.pos.Offset != c.end {
		return nil
	}
	l.EndPos = end
	return l
}

// readShape reads the shape spanning span, straight from the text, giving
// what ParseShape gives, or returns nil (ParseShape then reads it). Unlike
// ParseShape's hand reader it stores no tokens: a long entry has a shape
// for every parameter.
func readShape(src []byte, span ast.Span) *ShapeNode {
	pos := span.Pos
	c := &byteCursor{src: src, end: span.End.Offset, pos: lexer.Position{Filename: pos.Filename, Offset: pos.Offset, Line: pos.Line, Column: pos.Column}}
	if !c.trivia() {
		return nil
	}
	n := c.shape(0)
	if n == nil || c.pos.Offset != c.end {
		return nil
	}
	return n
}

// shape reads a shape of the forms fastShape reads.
func (c *byteCursor) shape(depth int) *ShapeNode {
	n := &ShapeNode{Pos: c.here()}
	i := c.pos.Offset
	switch b := c.at(i); {
	case b == '(' && depth < maxFastDepth:
		tu := &TupleNode{Pos: n.Pos}
		c.eat('(')
		end, ok := c.commaList(')', func() bool {
			e := c.shape(depth + 1)
			tu.Elems = append(tu.Elems, e)
			return e != nil
		})
		if !ok {
			return nil
		}
		tu.EndPos, n.Tuple, n.EndPos = end, tu, end
	case isIdentStart(b):
		if n.Array = c.array(); n.Array == nil {
			return nil
		}
		n.EndPos = n.Array.EndPos
	default:
		return nil
	}
	return n
}

// array reads `type[dims]` with an optional layout of integers and tiles.
func (c *byteCursor) array() *ArrayNode {
	i := c.pos.Offset
	k := identLen(c.src[:c.end], i)
	a := &ArrayNode{Pos: c.here(), Elem: string(c.src[i : i+k])}
	c.advance(k)
	if !c.trivia() {
		return nil
	}
	end, ok := c.eat('[')
	if !ok {
		return nil
	}
	end, ok = c.commaList(']', func() (ok bool) {
		d := &DimNode{Pos: c.here()}
		if c.is('?') {
			d.Unbounded = true
			d.EndPos, ok = c.eat('?')
		} else {
			d.Size, d.EndPos, ok = c.integer()
		}
		a.Dims = append(a.Dims, d)
		return ok
	})
	if !ok {
		return nil
	}
	a.EndPos = end
	if c.is('{') {
		if a.Layout = c.layout(); a.Layout == nil {
			return nil
		}
		a.EndPos = a.Layout.EndPos
	}
	return a
}

// layout reads `{minor_to_major}` with tiles as the only attribute.
func (c *byteCursor) layout() *LayoutNode {
	l := &LayoutNode{Pos: c.here()}
	c.eat('{')
	if v, _, ok := c.integer(); ok {
		l.MinorToMajor = append(l.MinorToMajor, v)
		for c.is(',') {
			c.eat(',')
			v, _, ok := c.integer()
			if !ok {
				return nil
			}
			l.MinorToMajor = append(l.MinorToMajor, v)
		}
	} else if v != "" || c.at(c.pos.Offset) == '-' {
		return nil
	}
	if c.is(':') {
		l.Colon = true
		c.eat(':')
		if i := c.pos.Offset; c.at(i) == 'T' && identLen(c.src[:c.end], i) == 1 {
			c.advance(1)
			if !c.trivia() {
				return nil
			}
			for c.is('(') {
				t := c.tile()
				if t == nil {
					return nil
				}
				l.Tiles = append(l.Tiles, t)
			}
			if l.Tiles == nil {
				return nil
			}
		}
	}
	end, ok := c.eat('}')
	if !ok {
		return nil
	}
	l.EndPos = end
	return l
}

// commaList reads `elem (',' elem)*`, or nothing, up to the byte close,
// and close itself, whose end it returns; elem reads one element and
// reports whether it could.
func (c *byteCursor) commaList(close byte, elem func() bool) (ast.Pos, bool) {
	if !c.is(close) {
		for {
			if !elem() {
				return ast.Pos{}, false
			}
			if c.is(close) {
				break
			}
			if _, ok := c.eat(','); !ok {
				return ast.Pos{}, false
			}
		}
	}
	return c.eat(close)
}

// tile reads one tile, `(8,128)` or `(2,*)`.
func (c *byteCursor) tile() *TileNode {
	t := &TileNode{Pos: c.here()}
	c.eat('(')
	end, ok := c.commaList(')', func() (ok bool) {
		d := &TileDim{Pos: c.here()}
		if c.is('*') {
			d.Combine = true
			d.EndPos, ok = c.eat('*')
		} else {
			d.Size, d.EndPos, ok = c.integer()
		}
		t.Dims = append(t.Dims, d)
		return ok
	})
	if !ok {
		return nil
	}
	t.EndPos = end
	return t
}
