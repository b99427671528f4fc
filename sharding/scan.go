package sharding

import (
	"bytes"
	"fmt"
	"math"
)

// scanner reads the text encodings byte by byte: it never copies the
// text and keeps no token buffer, so a reader costs a constant per byte.
// A malformed text stops the reader with fail, which try turns into the
// reader's error.
type scanner struct {
	b        []byte
	i        int
	comments bool // skip HLO's /*...*/ and // comments as white space
}

// bail carries a reader's error from fail to try.
type bail struct{ err *Error }

// try runs a reader and returns its result, or the error it failed with
// and the zero value.
func try[T any](read func() T) (v T, err error) {
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bail)
			if !ok {
				panic(r)
			}
			var zero T
			v, err = zero, b.err
		}
	}()
	return read(), nil
}

// fail stops the reader with an error at offset at.
func (p *scanner) fail(at int, format string, args ...any) {
	panic(bail{&Error{Offset: at, Msg: fmt.Sprintf(format, args...)}})
}

// pos skips white space (and comments) and returns the offset reached.
func (p *scanner) pos() int {
	for p.i < len(p.b) {
		switch c := p.b[p.i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			p.i++
		case p.comments && bytes.HasPrefix(p.b[p.i:], []byte("/*")):
			end := bytes.Index(p.b[p.i+2:], []byte("*/"))
			if end < 0 {
				p.fail(p.i, "unterminated comment")
			}
			p.i += end + 4
		case p.comments && bytes.HasPrefix(p.b[p.i:], []byte("//")):
			for p.i < len(p.b) && p.b[p.i] != '\n' && p.b[p.i] != '\r' {
				p.i++
			}
		default:
			return p.i
		}
	}
	return p.i
}

// at reports whether the next byte after white space is c.
func (p *scanner) at(c byte) bool {
	return p.pos() < len(p.b) && p.b[p.i] == c
}

// eat consumes c if it comes next.
func (p *scanner) eat(c byte) bool {
	if p.at(c) {
		p.i++
		return true
	}
	return false
}

// expect consumes c or fails with msg.
func (p *scanner) expect(c byte, msg string) {
	if !p.eat(c) {
		p.fail(p.i, "%s", msg)
	}
}

// eatStr consumes s if it comes next.
func (p *scanner) eatStr(s string) bool {
	if bytes.HasPrefix(p.b[p.pos():], []byte(s)) {
		p.i += len(s)
		return true
	}
	return false
}

func isIdent(c byte, first bool) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' ||
		!first && (c >= '0' && c <= '9' || c == '-' || c == '.')
}

// peekWord is the identifier that comes next, empty if none; it consumes
// nothing.
func (p *scanner) peekWord() string {
	j := p.pos()
	for j < len(p.b) && isIdent(p.b[j], j == p.i) {
		j++
	}
	return string(p.b[p.i:j])
}

// word consumes an identifier, failing with msg if none comes next.
func (p *scanner) word(msg string) string {
	w := p.peekWord()
	if w == "" {
		p.fail(p.i, "%s", msg)
	}
	p.i += len(w)
	return w
}

// isAttr reports whether the identifier that comes next is name=.
func (p *scanner) isAttr(name string) bool {
	w := p.peekWord()
	return w == name && p.i+len(w) < len(p.b) && p.b[p.i+len(w)] == '='
}

// num consumes a decimal integer, optionally negative.
func (p *scanner) num() int64 {
	at := p.pos()
	j := at
	if j < len(p.b) && p.b[j] == '-' {
		j++
	}
	var v uint64
	for ; j < len(p.b) && p.b[j] >= '0' && p.b[j] <= '9'; j++ {
		if v > (math.MaxInt64-9)/10 {
			p.fail(at, "expects integer")
		}
		v = v*10 + uint64(p.b[j]-'0')
	}
	if j == at || p.b[j-1] == '-' {
		p.fail(at, "expects integer")
	}
	p.i = j
	if p.b[at] == '-' {
		return -int64(v)
	}
	return int64(v)
}

// quoted consumes a '...' or "..." string and returns its content as
// written (escapes are not decoded: names compare as spelled).
func (p *scanner) quoted() []byte {
	at := p.pos()
	q := p.b[at]
	for j := at + 1; j < len(p.b); j++ {
		switch p.b[j] {
		case '\\':
			j++
		case q:
			p.i = j + 1
			return p.b[at+1 : j]
		}
	}
	p.fail(at, "unterminated string")
	return nil
}

// name consumes a quoted string or an identifier: a mesh's axis name.
func (p *scanner) name(msg string) string {
	if p.at('"') || p.at('\'') {
		return string(p.quoted())
	}
	return p.word(msg)
}

// skipBraces consumes a balanced {...} (metadata), strings included, unread.
func (p *scanner) skipBraces() {
	at := p.pos()
	p.expect('{', "expects '{' to start sub attributes")
	for depth := 1; depth > 0; {
		if p.i >= len(p.b) {
			p.fail(at, "expects '}' to end sub attributes")
		}
		switch p.b[p.i] {
		case '"', '\'':
			p.quoted()
			continue
		case '{':
			depth++
		case '}':
			depth--
		}
		p.i++
	}
}

// end fails unless only white space is left.
func (p *scanner) end(what string) {
	if p.pos() < len(p.b) {
		p.fail(p.i, "extra content after %s", what)
	}
}

// mul is a*b, failing at at when it overflows.
func (p *scanner) mul(a, b int64, at int) int64 {
	if b != 0 && a > math.MaxInt64/b {
		p.fail(at, "the number of devices overflows")
	}
	return a * b
}
