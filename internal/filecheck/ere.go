package filecheck

import (
	"fmt"
	"strings"
)

// This file implements a parser for POSIX extended regular expressions as
// accepted by LLVM's regcomp (the engine behind FileCheck's {{...}} blocks),
// producing a small syntax tree that can be rendered as Go regexp syntax or
// matched directly when it contains back-references.

// Error messages used by LLVM's regerror for the codes regcomp can produce.
const (
	errEmpty    = "empty (sub)expression"
	errBadRpt   = "repetition-operator operand invalid"
	errEParen   = "parentheses not balanced"
	errEBrack   = "brackets ([ ]) not balanced"
	errEBrace   = "braces not balanced"
	errBadBr    = "invalid repetition count(s)"
	errERange   = "invalid character range"
	errECType   = "invalid character class"
	errECollate = "invalid collating element"
	errEEscape  = "trailing backslash (\\)"
	errESubReg  = "invalid backreference number"
)

// dupMax is RE_DUP_MAX, the largest repetition count regcomp accepts.
const dupMax = 255

type nodeKind int

const (
	nLiteral   nodeKind = iota // a single byte
	nClass                     // a set of bytes
	nBOL                       // ^
	nEOL                       // $
	nWordStart                 // [[:<:]]
	nWordEnd                   // [[:>:]]
	nGroup                     // capturing group
	nConcat                    // sequence
	nAlt                       // alternation
	nRepeat                    // bounded or unbounded repetition
	nBackref                   // \N
)

// reNode is one node of a parsed regular expression.
type reNode struct {
	kind     nodeKind
	lit      byte
	set      *[256]bool
	index    int // group index (nGroup, nBackref)
	min, max int // repetition bounds; max < 0 means unbounded
	subs     []*reNode
}

// ereError is a regcomp error: its message and the byte offset in the
// expression at which the parser stopped.
type ereError struct {
	msg string
}

func (e *ereError) Error() string { return e.msg }

// ereParser is a recursive-descent parser mirroring regcomp's p_ere.
type ereParser struct {
	s        string
	pos      int
	ngroups  int    // groups opened so far
	closed   []bool // closed[i] is true once group i has been closed
	err      *ereError
	backrefs bool
	newline  bool // REG_NEWLINE semantics for '.' and negated brackets
}

// parseERE parses expr with regcomp's REG_EXTENDED|REG_NEWLINE rules.
// groupBase is the number of capturing groups already present before this
// expression in the enclosing pattern; group indices continue from it.
func parseERE(expr string, groupBase int) (*reNode, int, error) {
	p := &ereParser{s: expr, ngroups: groupBase, closed: make([]bool, groupBase+1), newline: true}
	for i := range p.closed {
		p.closed[i] = true
	}
	n := p.parseAlt(-1)
	if p.err == nil && p.pos < len(p.s) {
		// Only an unmatched ')' can stop the top level early.
		p.fail(errEParen)
	}
	if p.err != nil {
		return nil, 0, p.err
	}
	return n, p.ngroups - groupBase, nil
}

func (p *ereParser) fail(msg string) {
	if p.err == nil {
		p.err = &ereError{msg: msg}
	}
	p.pos = len(p.s)
}

func (p *ereParser) more() bool { return p.pos < len(p.s) }

func (p *ereParser) peek() byte { return p.s[p.pos] }

func (p *ereParser) parseAlt(stop int) *reNode {
	var alts []*reNode
	for {
		var seq []*reNode
		for p.more() && p.peek() != '|' && int(p.peek()) != stop {
			if n := p.parseExp(); n != nil {
				seq = append(seq, n)
			}
		}
		if p.err != nil {
			return nil
		}
		if len(seq) == 0 {
			p.fail(errEmpty)
			return nil
		}
		alts = append(alts, &reNode{kind: nConcat, subs: seq})
		if !p.more() || p.peek() != '|' {
			break
		}
		p.pos++
	}
	if len(alts) == 1 {
		return alts[0]
	}
	return &reNode{kind: nAlt, subs: alts}
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// isRepeatStart reports whether the text at the cursor starts a repetition.
func (p *ereParser) isRepeatStart() bool {
	if !p.more() {
		return false
	}
	c := p.peek()
	if c == '*' || c == '+' || c == '?' {
		return true
	}
	return c == '{' && p.pos+1 < len(p.s) && isDigit(p.s[p.pos+1])
}

func (p *ereParser) parseExp() *reNode {
	c := p.s[p.pos]
	p.pos++
	wasCaret := false
	var atom *reNode
	switch c {
	case '(':
		atom = p.parseGroup()
	case ')':
		p.fail(errEParen)
	case '^':
		atom = &reNode{kind: nBOL}
		wasCaret = true
	case '$':
		atom = &reNode{kind: nEOL}
	case '|':
		p.fail(errEmpty)
	case '*', '+', '?':
		p.fail(errBadRpt)
	case '.':
		atom = p.anyChar()
	case '[':
		atom = p.parseBracket()
	case '\\':
		atom = p.parseEscape()
	case '{':
		if p.more() && isDigit(p.peek()) {
			p.fail(errBadRpt)
			return nil
		}
		atom = &reNode{kind: nLiteral, lit: c}
	default:
		atom = &reNode{kind: nLiteral, lit: c}
	}
	if p.err != nil {
		return nil
	}
	if !p.isRepeatStart() {
		return atom
	}
	if wasCaret {
		p.fail(errBadRpt)
		return nil
	}
	atom = p.parseRepeat(atom)
	if p.err != nil {
		return nil
	}
	if p.isRepeatStart() {
		p.fail(errBadRpt)
		return nil
	}
	return atom
}

func (p *ereParser) anyChar() *reNode {
	var set [256]bool
	for i := range set {
		set[i] = true
	}
	if p.newline {
		set['\n'] = false
	}
	return &reNode{kind: nClass, set: &set}
}

func (p *ereParser) parseGroup() *reNode {
	if !p.more() {
		p.fail(errEParen)
		return nil
	}
	p.ngroups++
	idx := p.ngroups
	p.closed = append(p.closed, false)
	var body *reNode
	if p.peek() != ')' {
		body = p.parseAlt(')')
	} else {
		body = &reNode{kind: nConcat}
	}
	if p.err != nil {
		return nil
	}
	if !p.more() || p.peek() != ')' {
		p.fail(errEParen)
		return nil
	}
	p.pos++
	p.closed[idx] = true
	return &reNode{kind: nGroup, index: idx, subs: []*reNode{body}}
}

func (p *ereParser) parseEscape() *reNode {
	if !p.more() {
		p.fail(errEEscape)
		return nil
	}
	c := p.s[p.pos]
	p.pos++
	if c >= '1' && c <= '9' {
		n := int(c - '0')
		if n >= len(p.closed) || !p.closed[n] {
			p.fail(errESubReg)
			return nil
		}
		p.backrefs = true
		return &reNode{kind: nBackref, index: n}
	}
	return &reNode{kind: nLiteral, lit: c}
}

func (p *ereParser) parseRepeat(atom *reNode) *reNode {
	c := p.s[p.pos]
	p.pos++
	switch c {
	case '*':
		return &reNode{kind: nRepeat, min: 0, max: -1, subs: []*reNode{atom}}
	case '+':
		return &reNode{kind: nRepeat, min: 1, max: -1, subs: []*reNode{atom}}
	case '?':
		return &reNode{kind: nRepeat, min: 0, max: 1, subs: []*reNode{atom}}
	}
	lo := p.parseCount()
	hi := lo
	if p.err == nil && p.more() && p.peek() == ',' {
		p.pos++
		if p.more() && isDigit(p.peek()) {
			hi = p.parseCount()
			if p.err == nil && lo > hi {
				p.fail(errBadBr)
			}
		} else {
			hi = -1
		}
	}
	if p.err != nil {
		return nil
	}
	if !p.more() || p.peek() != '}' {
		for p.more() && p.peek() != '}' {
			p.pos++
		}
		if !p.more() {
			p.fail(errEBrace)
		} else {
			p.fail(errBadBr)
		}
		return nil
	}
	p.pos++
	return &reNode{kind: nRepeat, min: lo, max: hi, subs: []*reNode{atom}}
}

func (p *ereParser) parseCount() int {
	count, digits := 0, 0
	for p.more() && isDigit(p.peek()) && count <= dupMax {
		count = count*10 + int(p.peek()-'0')
		p.pos++
		digits++
	}
	if digits == 0 || count > dupMax {
		p.fail(errBadBr)
	}
	return count
}

func (p *ereParser) parseBracket() *reNode {
	rest := p.s[p.pos:]
	if strings.HasPrefix(rest, "[:<:]]") {
		p.pos += 6
		return &reNode{kind: nWordStart}
	}
	if strings.HasPrefix(rest, "[:>:]]") {
		p.pos += 6
		return &reNode{kind: nWordEnd}
	}
	var set [256]bool
	invert := false
	if p.more() && p.peek() == '^' {
		invert = true
		p.pos++
	}
	if p.more() && (p.peek() == ']' || p.peek() == '-') {
		set[p.peek()] = true
		p.pos++
	}
	for p.more() && p.peek() != ']' && !strings.HasPrefix(p.s[p.pos:], "-]") {
		p.parseBracketTerm(&set)
		if p.err != nil {
			return nil
		}
	}
	if p.more() && p.peek() == '-' {
		set['-'] = true
		p.pos++
	}
	if !p.more() || p.peek() != ']' {
		p.fail(errEBrack)
		return nil
	}
	p.pos++
	if invert {
		for i := range set {
			set[i] = !set[i]
		}
		if p.newline {
			set['\n'] = false
		}
	}
	return &reNode{kind: nClass, set: &set}
}

func (p *ereParser) parseBracketTerm(set *[256]bool) {
	if p.peek() == '-' {
		p.fail(errERange)
		return
	}
	if p.peek() == '[' && p.pos+1 < len(p.s) {
		switch p.s[p.pos+1] {
		case ':':
			p.pos += 2
			p.parseClassName(set)
			return
		case '=':
			p.pos += 2
			p.parseEquivClass(set)
			return
		}
	}
	start, ok := p.parseSymbol()
	if !ok {
		return
	}
	finish := start
	if p.more() && p.peek() == '-' && p.pos+1 < len(p.s) && p.s[p.pos+1] != ']' {
		p.pos++
		if p.more() && p.peek() == '-' {
			p.pos++
			finish = '-'
		} else if finish, ok = p.parseSymbol(); !ok {
			return
		}
	}
	if start > finish {
		p.fail(errERange)
		return
	}
	for i := int(start); i <= int(finish); i++ {
		set[i] = true
	}
}

// parseSymbol parses an ordinary bracket character or a [.x.] collating
// symbol.
func (p *ereParser) parseSymbol() (byte, bool) {
	if !p.more() {
		p.fail(errEBrack)
		return 0, false
	}
	if strings.HasPrefix(p.s[p.pos:], "[.") {
		p.pos += 2
		c, ok := p.parseCollElem('.')
		if !ok {
			return 0, false
		}
		if !strings.HasPrefix(p.s[p.pos:], ".]") {
			p.fail(errECollate)
			return 0, false
		}
		p.pos += 2
		return c, true
	}
	c := p.peek()
	p.pos++
	return c, true
}

// parseCollElem parses the single-character body of a [.x.] or [=x=] term.
func (p *ereParser) parseCollElem(end byte) (byte, bool) {
	start := p.pos
	for p.more() && !(p.peek() == end && p.pos+1 < len(p.s) && p.s[p.pos+1] == ']') {
		p.pos++
	}
	if !p.more() {
		p.fail(errEBrack)
		return 0, false
	}
	if p.pos-start == 1 {
		return p.s[start], true
	}
	p.fail(errECollate)
	return 0, false
}

func (p *ereParser) parseEquivClass(set *[256]bool) {
	if !p.more() {
		p.fail(errEBrack)
		return
	}
	if c := p.peek(); c == '-' || c == ']' {
		p.fail(errECollate)
		return
	}
	c, ok := p.parseCollElem('=')
	if !ok {
		return
	}
	set[c] = true
	p.pos += 2
}

// posixClasses maps class names to membership tests in the C locale.
var posixClasses = map[string]func(c byte) bool{
	"alnum":  func(c byte) bool { return isAlpha(c) || isDigit(c) },
	"alpha":  isAlpha,
	"blank":  func(c byte) bool { return c == ' ' || c == '\t' },
	"cntrl":  func(c byte) bool { return c < 32 || c == 127 },
	"digit":  isDigit,
	"graph":  func(c byte) bool { return c > 32 && c < 127 },
	"lower":  func(c byte) bool { return c >= 'a' && c <= 'z' },
	"print":  func(c byte) bool { return c >= 32 && c < 127 },
	"punct":  func(c byte) bool { return c > 32 && c < 127 && !isAlpha(c) && !isDigit(c) },
	"space":  func(c byte) bool { return c == ' ' || (c >= '\t' && c <= '\r') },
	"upper":  func(c byte) bool { return c >= 'A' && c <= 'Z' },
	"xdigit": func(c byte) bool { return isDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'f') },
}

func isAlpha(c byte) bool { return (c|0x20) >= 'a' && (c|0x20) <= 'z' }

func (p *ereParser) parseClassName(set *[256]bool) {
	if !p.more() {
		p.fail(errEBrack)
		return
	}
	if c := p.peek(); c == '-' || c == ']' {
		p.fail(errECType)
		return
	}
	start := p.pos
	for p.more() && isAlpha(p.peek()) {
		p.pos++
	}
	in, ok := posixClasses[p.s[start:p.pos]]
	if !ok {
		p.fail(errECType)
		return
	}
	for i := 0; i < 256; i++ {
		if in(byte(i)) {
			set[i] = true
		}
	}
	if !p.more() {
		p.fail(errEBrack)
		return
	}
	if !strings.HasPrefix(p.s[p.pos:], ":]") {
		p.fail(errECType)
		return
	}
	p.pos += 2
}

// goSyntax renders n as Go regexp syntax. Capturing groups stay capturing
// and keep their order, so group numbers are preserved.
func goSyntax(n *reNode, b *strings.Builder) {
	switch n.kind {
	case nLiteral:
		b.WriteString(quoteByte(n.lit))
	case nClass:
		writeClass(n.set, b)
	case nBOL:
		b.WriteString("^")
	case nEOL:
		b.WriteString("$")
	case nWordStart, nWordEnd:
		b.WriteString(`\b`)
	case nGroup:
		b.WriteString("(")
		goSyntax(n.subs[0], b)
		b.WriteString(")")
	case nConcat:
		for _, s := range n.subs {
			goSyntax(s, b)
		}
	case nAlt:
		b.WriteString("(?:")
		for i, s := range n.subs {
			if i > 0 {
				b.WriteString("|")
			}
			goSyntax(s, b)
		}
		b.WriteString(")")
	case nRepeat:
		b.WriteString("(?:")
		goSyntax(n.subs[0], b)
		b.WriteString(")")
		b.WriteString(repeatSuffix(n.min, n.max))
	case nBackref:
		// Not expressible in Go syntax; callers use the backtracking
		// matcher for expressions with back-references.
		panic("filecheck: back-reference in Go regexp rendering")
	}
}

func repeatSuffix(lo, hi int) string {
	switch {
	case lo == 0 && hi < 0:
		return "*"
	case lo == 1 && hi < 0:
		return "+"
	case lo == 0 && hi == 1:
		return "?"
	case hi < 0:
		return fmt.Sprintf("{%d,}", lo)
	case lo == hi:
		return fmt.Sprintf("{%d}", lo)
	default:
		return fmt.Sprintf("{%d,%d}", lo, hi)
	}
}

func quoteByte(c byte) string {
	if c < 0x20 || c >= 0x7f {
		return fmt.Sprintf(`\x{%x}`, c)
	}
	if strings.IndexByte(`\.+*?()|[]{}^$`, c) >= 0 {
		return `\` + string(c)
	}
	return string(c)
}

// writeClass renders a byte set as a Go character class over the runes
// U+0000-U+00FF, which stand for bytes in the subject (see subject).
func writeClass(set *[256]bool, b *strings.Builder) {
	b.WriteString("[")
	empty := true
	for i := 0; i < 256; {
		if !set[i] {
			i++
			continue
		}
		j := i
		for j+1 < 256 && set[j+1] {
			j++
		}
		empty = false
		b.WriteString(classByte(byte(i)))
		if j > i {
			b.WriteString("-")
			b.WriteString(classByte(byte(j)))
		}
		i = j + 1
	}
	if empty {
		// An empty set can never match.
		b.WriteString(`^\x00-\x{10FFFF}`)
	}
	b.WriteString("]")
}

func classByte(c byte) string {
	if c < 0x20 || c >= 0x7f {
		return fmt.Sprintf(`\x{%x}`, c)
	}
	if strings.IndexByte(`\[]^-`, c) >= 0 {
		return `\` + string(c)
	}
	return string(c)
}
