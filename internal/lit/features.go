package lit

import (
	"fmt"
	"strings"
)

// evalFeatureExpr evaluates a lit boolean feature expression such as
// "linux && !asan || (foo && bar)" against the given features. With a nil
// feature set it only checks the syntax. Identifiers may contain letters,
// digits and "_-+=./"; "true" and "false" are constants.
func evalFeatureExpr(expr string, features map[string]bool) (bool, error) {
	p := &exprParser{toks: tokenizeExpr(expr), features: features}
	v, err := p.parseOr()
	if err != nil {
		return false, fmt.Errorf("in feature expression %q: %v", expr, err)
	}
	if p.pos < len(p.toks) {
		return false, fmt.Errorf("in feature expression %q: unexpected %q", expr, p.toks[p.pos])
	}
	return v, nil
}

func isIdentChar(c byte) bool {
	return strings.IndexByte("_-+=./", c) >= 0 || (c >= '0' && c <= '9') || (c|0x20 >= 'a' && c|0x20 <= 'z')
}

func tokenizeExpr(s string) []string {
	var toks []string
	for i := 0; i < len(s); {
		switch {
		case s[i] == ' ' || s[i] == '\t':
			i++
		case strings.HasPrefix(s[i:], "&&") || strings.HasPrefix(s[i:], "||"):
			toks = append(toks, s[i:i+2])
			i += 2
		case isIdentChar(s[i]):
			j := i
			for j < len(s) && isIdentChar(s[j]) {
				j++
			}
			toks = append(toks, s[i:j])
			i = j
		default:
			toks = append(toks, s[i:i+1])
			i++
		}
	}
	return toks
}

type exprParser struct {
	toks     []string
	pos      int
	features map[string]bool
}

func (p *exprParser) peek() string {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	return ""
}

func (p *exprParser) parseOr() (bool, error) {
	v, err := p.parseAnd()
	for err == nil && p.peek() == "||" {
		p.pos++
		var r bool
		r, err = p.parseAnd()
		v = v || r
	}
	return v, err
}

func (p *exprParser) parseAnd() (bool, error) {
	v, err := p.parseNot()
	for err == nil && p.peek() == "&&" {
		p.pos++
		var r bool
		r, err = p.parseNot()
		v = v && r
	}
	return v, err
}

func (p *exprParser) parseNot() (bool, error) {
	tok := p.peek()
	switch {
	case tok == "!":
		p.pos++
		v, err := p.parseNot()
		return !v, err
	case tok == "(":
		p.pos++
		v, err := p.parseOr()
		if err != nil {
			return false, err
		}
		if p.peek() != ")" {
			return false, fmt.Errorf("expected ')'")
		}
		p.pos++
		return v, nil
	case tok == "":
		return false, fmt.Errorf("unexpected end of expression")
	case !isIdentChar(tok[0]):
		return false, fmt.Errorf("unexpected %q", tok)
	}
	p.pos++
	switch tok {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return p.features[tok], nil
}
