package ast

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// ResultAliasAttr is `#mhlo.result_alias<tuple_indices = [..], result_index
// = [R, ..], must_alias>` (MHLO's ArgResultAliasAttr). It parses itself,
// the way upstream's ArgResultAliasAttr::parse does, so that its errors
// are upstream's word for word.
type ResultAliasAttr struct {
	Pos    At
	EndPos At

	TupleIndices    []int64 // argTupleIndices
	HasTupleIndices bool
	ResultIndex     []int64 // resultIndex followed by resultTupleIndices
	HasResultIndex  bool
	MustAlias       bool
}

// resultAliasKeywords are the struct's keywords in upstream's order.
var resultAliasKeywords = []string{"tuple_indices", "result_index", "must_alias"}

// Parse implements participle.Parseable.
func (a *ResultAliasAttr) Parse(lex *lexer.PeekingLexer) error {
	if lex.Peek().Value != "#mhlo.result_alias" {
		return participle.NextMatch
	}
	a.Pos = At{Offset: lex.Peek().Pos.Offset}
	lex.Next()
	p := &structParser{lex: lex}
	if err := p.expect("<"); err != nil {
		return a.failed(p, err)
	}
	if err := a.parseFields(p); err != nil {
		return a.failed(p, err)
	}
	if !a.HasResultIndex {
		return a.failed(p, p.errorf(p.last, "missing `result_index` entry"))
	}
	a.EndPos = At{Offset: p.end.Offset}
	return nil
}

// parseFields is upstream's parseStruct over the three keywords.
func (a *ResultAliasAttr) parseFields(p *structParser) error {
	seen := make([]bool, len(resultAliasKeywords))
	for !p.optional(">") {
		found := false
		for i, kw := range resultAliasKeywords {
			if !p.optional(kw) {
				continue
			}
			if seen[i] {
				return p.errorf(p.cur(), "duplicated `%s` entry", kw)
			}
			if err := a.parseField(p, i); err != nil {
				return err
			}
			if !p.optional(",") {
				return p.expect(">")
			}
			seen[i], found = true, true
		}
		if !found {
			return p.errorf(p.cur(), "expected one of: `tuple_indices`, `result_index`, `must_alias`")
		}
	}
	return nil
}

func (a *ResultAliasAttr) parseField(p *structParser, i int) error {
	switch i {
	case 0:
		a.HasTupleIndices = true
		return p.dims(&a.TupleIndices, 0)
	case 1:
		a.HasResultIndex = true
		return p.dims(&a.ResultIndex, 1)
	}
	a.MustAlias = true
	return nil
}

// failed adds upstream's second diagnostic to a parse error.
func (a *ResultAliasAttr) failed(p *structParser, err error) error {
	var list ErrorList
	if !errors.As(err, &list) {
		list = ErrorList{Errorf(p.cur(), "%s", err)}
	}
	list.Add(p.cur(), "failed parsing argument-result alias attribute")
	return list
}

// structParser reads tokens the way MLIR's AsmParser does.
type structParser struct {
	lex  *lexer.PeekingLexer
	last Pos // start of the last token consumed
	end  Pos // end of the last token consumed
}

func (p *structParser) cur() Pos { return Pos(p.lex.Peek().Pos) }

func (p *structParser) next() *lexer.Token {
	t := p.lex.Next()
	p.last = Pos(t.Pos)
	end := t.Pos
	end.Advance(t.Value)
	p.end = Pos(end)
	return t
}

func (p *structParser) errorf(pos Pos, format string, args ...any) error {
	return ErrorList{Errorf(pos, format, args...)}
}

// optional consumes the token s if it is next.
func (p *structParser) optional(s string) bool {
	if t := p.lex.Peek(); !t.EOF() && t.Value == s {
		p.next()
		return true
	}
	return false
}

func (p *structParser) expect(s string) error {
	if p.optional(s) {
		return nil
	}
	return p.errorf(p.cur(), "expected '%s'", s)
}

// dims parses `= [i, j, ...]` into out, with at least min elements.
func (p *structParser) dims(out *[]int64, min int) error {
	if err := p.expect("="); err != nil {
		return err
	}
	if err := p.expect("["); err != nil {
		return err
	}
	*out = []int64{}
	if !p.optional("]") {
		for {
			v, err := p.integer()
			if err != nil {
				return err
			}
			*out = append(*out, v)
			if p.optional("]") {
				break
			}
			if err := p.expect(","); err != nil {
				return err
			}
		}
	}
	if len(*out) < min {
		return p.errorf(p.cur(), "expected at least %d element(s), found %d", min, len(*out))
	}
	return nil
}

func (p *structParser) integer() (int64, error) {
	t := p.lex.Peek()
	if t.EOF() || !isIntToken(t.Value) {
		return 0, p.errorf(p.cur(), "expected integer value")
	}
	v, err := ParseInt(t.Value)
	if err != nil {
		return 0, p.errorf(p.cur(), "integer value too large")
	}
	p.next()
	return v, nil
}

func isIntToken(s string) bool {
	s = strings.TrimPrefix(s, "-")
	return s != "" && s[0] >= '0' && s[0] <= '9' && !strings.ContainsAny(s, ".eE") || strings.HasPrefix(s, "0x")
}

// ParseInt parses an MLIR integer literal: decimal or 0x hex, optionally
// negative.
func ParseInt(s string) (int64, error) {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	base := 10
	if strings.HasPrefix(s, "0x") {
		s, base = s[2:], 16
	}
	u, err := strconv.ParseUint(s, base, 64)
	if err != nil {
		return 0, err
	}
	if neg {
		if u > 1<<63 {
			return 0, strconv.ErrRange
		}
		return -int64(u), nil
	}
	if u > 1<<63-1 {
		return 0, strconv.ErrRange
	}
	return int64(u), nil
}

// Unquote decodes an MLIR string literal, quotes included: the escapes are
// \" \\ \n \t and two hex digits.
func Unquote(s string) (string, error) {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return "", fmt.Errorf("not a string literal")
	}
	s = s[1 : len(s)-1]
	if !strings.Contains(s, `\`) {
		return s, nil
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		if i+1 >= len(s) {
			return "", fmt.Errorf("invalid escape")
		}
		i++
		switch s[i] {
		case '"', '\\':
			b.WriteByte(s[i])
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		default:
			if i+1 >= len(s) {
				return "", fmt.Errorf("invalid escape")
			}
			v, err := strconv.ParseUint(s[i:i+2], 16, 8)
			if err != nil {
				return "", fmt.Errorf("invalid escape")
			}
			b.WriteByte(byte(v))
			i++
		}
	}
	return b.String(), nil
}
