package hlo

import (
	"strconv"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// The grammar over a whole header value, the oracle the hand readers are
// checked against: readAliases, readDonors and readLayout give what these
// parsers give over the value, the result or the error. The values parse
// themselves (participle.Parseable), the way XLA's HloParserImpl's
// ParseAliasing, ParseBufferDonor and ParseComputationLayout do, with the
// grammar's readers of entries and shapes.

// The oracle's roots, one parser each.
type (
	aliasRoot struct {
		List *AliasList `parser:"@@"`
	}
	donorRoot struct {
		List *DonorList `parser:"@@"`
	}
	layoutRoot struct {
		Layout *ComputationLayout `parser:"@@"`
	}
)

var oracle = struct {
	alias  *participle.Parser[aliasRoot]
	donor  *participle.Parser[donorRoot]
	layout *participle.Parser[layoutRoot]
}{
	participle.MustBuild[aliasRoot](grammarOptions...),
	participle.MustBuild[donorRoot](grammarOptions...),
	participle.MustBuild[layoutRoot](grammarOptions...),
}

// lower lowers the shape node n into dst, recording an error as shape i's.
func (c *ComputationLayout) lower(n *ShapeNode, dst *model.Shape, i int) {
	if err := lowerShape(n, dst); err != nil {
		*dst = model.Shape{}
		c.Errs = append(c.Errs, ShapeError{Index: i, Err: err})
	}
}

// Parse implements participle.Parseable.
func (c *ComputationLayout) Parse(lex *lexer.PeekingLexer) error {
	p := &tokParser{lex: lex}
	c.Pos = p.cur()
	// XLA's text for this brace names the aliasing description too.
	if err := p.expect("{", "Expects '{' at the start of aliasing description"); err != nil {
		return err
	}
	if err := p.expect("(", "Expects ( before parameter shape list"); err != nil {
		return err
	}
	for !p.is(")") {
		n, err := p.shape()
		if err != nil {
			return err
		}
		c.Params, c.ParamAt = append(c.Params, model.Shape{}), append(c.ParamAt, model.PointOf(n.Pos))
		c.lower(n, &c.Params[len(c.Params)-1], len(c.Params)-1)
		if p.is(")") {
			break
		}
		if err := p.expect(",", "Expects , between parameter shapes"); err != nil {
			return err
		}
	}
	if err := p.expect(")", "Expects ) at end of parameter shape list"); err != nil {
		return err
	}
	if err := p.expect("->", "Expects -> before result shape"); err != nil {
		return err
	}
	n, err := p.shape()
	if err != nil {
		return err
	}
	c.ResultAt = model.PointOf(n.Pos)
	c.lower(n, &c.Result, len(c.Params))
	if err := p.expect("}", "Expects '}' at the end of computation layouts"); err != nil {
		return err
	}
	c.EndPos = p.end
	return nil
}

// Parse implements participle.Parseable, as XLA's ParseAliasing.
func (l *AliasList) Parse(lex *lexer.PeekingLexer) error {
	p := &tokParser{lex: lex}
	l.Pos = p.cur()
	if err := p.expect("{", "Expects '{' at the start of aliasing description"); err != nil {
		return err
	}
	for !p.is("}") {
		e, err := p.aliasEntry()
		if err != nil {
			return err
		}
		l.Entries = append(l.Entries, e)
		if !p.optional(",") {
			break
		}
	}
	if err := p.expect("}", "Expects '}' at the end of aliasing description"); err != nil {
		return err
	}
	l.EndPos = p.end
	return nil
}

// Parse implements participle.Parseable, as XLA's ParseBufferDonor.
func (l *DonorList) Parse(lex *lexer.PeekingLexer) error {
	p := &tokParser{lex: lex}
	l.Pos = p.cur()
	if err := p.expect("{", "Expects '{' at the start of buffer donor description"); err != nil {
		return err
	}
	for !p.is("}") {
		e, err := p.donorEntry()
		if err != nil {
			return err
		}
		l.Entries = append(l.Entries, e)
		if !p.optional(",") {
			break
		}
	}
	if err := p.expect("}", "Expects '}' at the end of buffer donor description"); err != nil {
		return err
	}
	l.EndPos = p.end
	return nil
}

// The readers of an entry and of its parts, reading tokens the way
// XLA's HloParserImpl does.

// tokParser reads tokens the way XLA's HloParserImpl does.
type tokParser struct {
	lex *lexer.PeekingLexer
	end ast.Pos // end of the last token consumed
}

// shape parses a shape from where the lexer stands, with the grammar.
func (p *tokParser) shape() (*ShapeNode, error) {
	n, err := grammar.shape.ParseFromLexer(p.lex, participle.AllowTrailing(true))
	if err != nil {
		return nil, err
	}
	p.end = n.EndPos
	return n, nil
}

func (p *tokParser) aliasEntry() (*AliasEntry, error) {
	e := &AliasEntry{Pos: p.cur()}
	var err error
	if e.Output, err = p.shapeIndex(); err != nil {
		return nil, err
	}
	if err := p.expect(":", aliasFormat); err != nil {
		return nil, err
	}
	if e.ParamPos, e.Param, e.ParamIndex, err = p.paramRef(aliasFormat); err != nil {
		return nil, err
	}
	if p.optional(",") {
		t := p.lex.Peek()
		switch {
		case t.Value == "must-alias":
			e.Must = true
		case t.Value == "may-alias":
		default:
			return nil, p.errorf(p.cur(), "Unexpected aliasing kind; expected SYSTEM or USER")
		}
		p.next()
	}
	if err := p.expect(")", aliasFormat); err != nil {
		return nil, err
	}
	e.EndPos = p.end
	return e, nil
}

// donorEntry reads `(PARAM, {j...})`.
func (p *tokParser) donorEntry() (*DonorEntry, error) {
	e := &DonorEntry{Pos: p.cur()}
	var err error
	if _, e.Param, e.ParamIndex, err = p.paramRef(donorFormat); err != nil {
		return nil, err
	}
	if err := p.expect(")", donorFormat); err != nil {
		return nil, err
	}
	e.EndPos = p.end
	return e, nil
}

// paramRef reads `(PARAM, {j...}`, the part an alias entry and a donor
// entry share, format the message of a missing '(' or ','; pos is
// PARAM's.
func (p *tokParser) paramRef(format string) (pos ast.Pos, param int64, index []int64, err error) {
	if err = p.expect("(", format); err != nil {
		return
	}
	pos = p.cur()
	if param, err = p.integer(); err != nil {
		return
	}
	if err = p.expect(",", format); err != nil {
		return
	}
	index, err = p.shapeIndex()
	return
}

func (p *tokParser) cur() ast.Pos { return ast.Pos(p.lex.Peek().Pos) }

func (p *tokParser) next() *lexer.Token {
	t := p.lex.Next()
	end := t.Pos
	end.Advance(t.Value)
	p.end = ast.Pos(end)
	return t
}

func (p *tokParser) is(s string) bool {
	t := p.lex.Peek()
	return !t.EOF() && t.Value == s && t.Type == tokPunct
}

func (p *tokParser) optional(s string) bool {
	if p.is(s) {
		p.next()
		return true
	}
	return false
}

func (p *tokParser) expect(s, msg string) error {
	if p.optional(s) {
		return nil
	}
	return p.errorf(p.cur(), "%s", msg)
}

func (p *tokParser) errorf(pos ast.Pos, format string, args ...any) error {
	return ast.ErrorList{ast.Errorf(pos, format, args...)}
}

// integer reads an int64, as XLA's ParseInt64.
func (p *tokParser) integer() (int64, error) {
	t := p.lex.Peek()
	if t.Type != tokInt {
		return 0, p.errorf(p.cur(), "expects integer")
	}
	n, err := strconv.ParseInt(t.Value, 10, 64)
	if err != nil {
		return 0, p.errorf(p.cur(), "integer %s does not fit in 64 bits", ast.Clip(t.Value))
	}
	p.next()
	return n, nil
}

// shapeIndex reads `{i, j, ...}`, as XLA's ParseShapeIndex.
func (p *tokParser) shapeIndex() ([]int64, error) {
	if err := p.expect("{", "Expects '{' at the start of ShapeIndex"); err != nil {
		return nil, err
	}
	idx := []int64{}
	for !p.is("}") {
		n, err := p.integer()
		if err != nil {
			return nil, err
		}
		idx = append(idx, n)
		if !p.optional(",") {
			break
		}
	}
	if err := p.expect("}", "Expects '}' at the end of ShapeIndex"); err != nil {
		return nil, err
	}
	return idx, nil
}
