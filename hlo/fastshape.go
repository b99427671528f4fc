package hlo

import (
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// The shapes of a header (entry_computation_layout holds one for every
// parameter) are nearly all of a few forms: `f32[2,3]{1,0}`, `s32[]`,
// `bf16[8,128]{1,0:T(8,128)}`, tuples of those. Running the participle grammar costs reflection for
// each; fastShape reads those forms by hand from the same tokens and
// builds exactly the nodes the grammar builds, positions included (a
// node's Pos is its first token's, its EndPos where the token after its
// last one begins, as participle sets them). Anything else (bounded or
// dimensions, layout attributes other than tiles, errors) is left to the
// grammar, so its nodes and its diagnostics stay the grammar's.

// maxFastDepth bounds the tuple nesting fastShape reads itself.
const maxFastDepth = 32

// fastShape reads the shape where the lexer stands, or returns nil and
// leaves the lexer where it was.
func (p *tokParser) fastShape() *ShapeNode {
	cp := p.lex.MakeCheckpoint()
	n := p.decodeShape(0)
	if n == nil {
		p.lex.LoadCheckpoint(cp)
	}
	return n
}

// rawPos is where the next token, white space included, begins.
func (p *tokParser) rawPos() ast.Pos { return ast.Pos(p.lex.RawPeek().Pos) }

// punct reports whether the next token is the punctuation s.
func punct(t *lexer.Token, s string) bool { return t.Type == tokPunct && t.Value == s }

func (p *tokParser) decodeShape(depth int) *ShapeNode {
	n := &ShapeNode{Pos: p.cur()}
	switch t := p.lex.Peek(); {
	case punct(t, "(") && depth < maxFastDepth:
		tu := &TupleNode{Pos: n.Pos}
		p.lex.Next()
		ok := p.commaList(")", func() bool {
			e := p.decodeShape(depth + 1)
			tu.Elems = append(tu.Elems, e)
			return e != nil
		})
		if !ok {
			return nil
		}
		tu.EndPos = p.rawPos()
		n.Tuple = tu
	case t.Type == tokIdent:
		if n.Array = p.decodeArray(); n.Array == nil {
			return nil
		}
	default:
		return nil
	}
	n.EndPos = p.rawPos()
	return n
}

// decodeArray reads `type[dims]` with an optional layout of integers.
func (p *tokParser) decodeArray() *ArrayNode {
	a := &ArrayNode{Pos: p.cur(), Elem: p.lex.Next().Value}
	if !punct(p.lex.Peek(), "[") {
		return nil
	}
	p.lex.Next()
	ok := p.commaList("]", func() bool {
		t := p.lex.Peek()
		d := &DimNode{Pos: ast.Pos(t.Pos)}
		switch {
		case t.Type == tokInt:
			d.Size = t.Value
		case punct(t, "?"):
			d.Unbounded = true
		default:
			return false
		}
		p.lex.Next()
		d.EndPos = p.rawPos()
		a.Dims = append(a.Dims, d)
		return true
	})
	if !ok {
		return nil
	}
	if punct(p.lex.Peek(), "{") {
		if a.Layout = p.decodeLayout(); a.Layout == nil {
			return nil
		}
	}
	a.EndPos = p.rawPos()
	return a
}

// decodeLayout reads `{minor_to_major}`, with tiles (`:T(8,128)(2,1)`)
// as the only attribute.
func (p *tokParser) decodeLayout() *LayoutNode {
	l := &LayoutNode{Pos: p.cur()}
	p.lex.Next()
	if t := p.lex.Peek(); t.Type == tokInt {
		for {
			l.MinorToMajor = append(l.MinorToMajor, t.Value)
			p.lex.Next()
			if !punct(p.lex.Peek(), ",") {
				break
			}
			p.lex.Next()
			if t = p.lex.Peek(); t.Type != tokInt {
				return nil
			}
		}
	}
	if punct(p.lex.Peek(), ":") {
		l.Colon = true
		p.lex.Next()
		if t := p.lex.Peek(); t.Type == tokIdent && t.Value == "T" {
			p.lex.Next()
			for punct(p.lex.Peek(), "(") {
				tile := p.decodeTile()
				if tile == nil {
					return nil
				}
				l.Tiles = append(l.Tiles, tile)
			}
			if l.Tiles == nil {
				return nil
			}
		}
	}
	if !punct(p.lex.Peek(), "}") {
		return nil
	}
	p.lex.Next()
	l.EndPos = p.rawPos()
	return l
}

// decodeTile reads one tile, `(8,128)` or `(2,*)`.
func (p *tokParser) decodeTile() *TileNode {
	tile := &TileNode{Pos: p.cur()}
	p.lex.Next()
	ok := p.commaList(")", func() bool {
		t := p.lex.Peek()
		d := &TileDim{Pos: ast.Pos(t.Pos)}
		switch {
		case t.Type == tokInt:
			d.Size = t.Value
		case punct(t, "*"):
			d.Combine = true
		default:
			return false
		}
		p.lex.Next()
		d.EndPos = p.rawPos()
		tile.Dims = append(tile.Dims, d)
		return true
	})
	if !ok {
		return nil
	}
	tile.EndPos = p.rawPos()
	return tile
}

// commaList reads `elem (',' elem)*`, or nothing, up to the punctuation
// close, and close itself; elem reads one element and reports whether it
// could. It reports false, having read part of the list, on anything else.
func (p *tokParser) commaList(close string, elem func() bool) bool {
	if !punct(p.lex.Peek(), close) {
		for {
			if !elem() {
				return false
			}
			if punct(p.lex.Peek(), close) {
				break
			}
			if !punct(p.lex.Peek(), ",") {
				return false
			}
			p.lex.Next()
		}
	}
	p.lex.Next()
	return true
}
