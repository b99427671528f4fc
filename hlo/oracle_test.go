package hlo

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

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
