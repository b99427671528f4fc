package sharding

import (
	"bytes"
	"fmt"
	"math"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// scanner reads a text encoding in place: it never copies the text and
// keeps no tokens, so a reader costs a constant per byte. A malformed
// text stops the reader with fail, which try turns into its error. A
// reader of a text in a mapped input tells behind what it has passed
// (offsets into b), a step at a time, so that it holds a bounded part of
// a text of any length.
type scanner struct {
	b        []byte
	i        int
	comments bool // skip HLO's /*...*/ and // comments as white space
	behind   ast.Behind
	next     int // the offset at which behind is told next
}

// passed tells behind of the text before j once it is a step past the
// last it told: called at every token and in each loop over bytes.
func (p *scanner) passed(j int) {
	if j >= p.next {
		p.behind.At(j)
		p.next = j + ast.ReleaseStep
	}
}

// bail carries a reader's error from fail to try.
type bail struct{ err *Error }

// try runs a reader and returns its result, or the error it failed with.
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
	if p.i >= p.next {
		p.passed(p.i)
	}
	if p.i < len(p.b) && blank[p.b[p.i]] {
		p.skip() // not the common case: this test alone is inlined
	}
	return p.i
}

// blank marks the bytes white space and comments begin with.
var blank = [256]bool{' ': true, '\t': true, '\n': true, '\r': true, '/': true}

// skip is pos past its first test.
func (p *scanner) skip() {
	for p.i < len(p.b) {
		p.passed(p.i)
		switch c := p.b[p.i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			p.i++
		case c != '/' || !p.comments || p.i+1 == len(p.b):
			return
		case p.b[p.i+1] == '*':
			at := p.i
			for p.i += 2; !bytes.HasPrefix(p.b[p.i:], []byte("*/")); p.i++ {
				if p.i == len(p.b) {
					p.fail(at, "unterminated comment")
				}
				p.passed(p.i)
			}
			p.i += 2
		case p.b[p.i+1] == '/':
			for p.i < len(p.b) && p.b[p.i] != '\n' && p.b[p.i] != '\r' {
				p.passed(p.i)
				p.i++
			}
		default:
			return
		}
	}
}

// maxName bounds the name of a mesh's axis: a mesh keeps its names.
const maxName = 1 << 10

// maxList bounds a sharding's lists of dimensions (a tile assignment
// has one for each of a shape's, at most model.MaxRank, and for each
// subgroup), so that what a reader keeps of a text is bounded whatever
// its length.
const maxList = 2 * model.MaxRank

// add appends v, read last, to list, failing where the reader is when the
// list would be longer than maxList.
func (p *scanner) add(list []int64, v int64) []int64 {
	if len(list) == maxList {
		p.fail(p.i, "a sharding of more than %d dimensions is not supported", maxList)
	}
	return append(list, v)
}

// at reports whether the next byte after white space is c.
func (p *scanner) at(c byte) bool { return p.pos() < len(p.b) && p.b[p.i] == c }

// eat consumes c if it comes next.
func (p *scanner) eat(c byte) bool {
	ok := p.at(c)
	if ok {
		p.i++
	}
	return ok
}

// expect consumes c or fails with msg.
func (p *scanner) expect(c byte, msg string) {
	if !p.eat(c) {
		p.fail(p.i, "%s", msg)
	}
}

// eatStr consumes s if it comes next.
func (p *scanner) eatStr(s string) bool {
	ok := bytes.HasPrefix(p.b[p.pos():], []byte(s))
	if ok {
		p.i += len(s)
	}
	return ok
}

// commas reads item, then another after each ','.
func (p *scanner) commas(item func()) {
	for item(); p.eat(','); item() {
	}
}

// list reads `open item, ... close`, possibly empty.
func (p *scanner) list(open, close byte, item func()) {
	p.delim(open, "expects a list starting with ")
	if !p.at(close) {
		p.commas(item)
	}
	p.delim(close, "expects a list to end with ")
}

// delim consumes c or fails in the words of the text's parser: XLA's
// (what and the token's name) for HLO text, else MLIR's.
func (p *scanner) delim(c byte, what string) {
	switch {
	case p.eat(c):
	case p.comments:
		p.fail(p.i, "%s%s", what, map[byte]string{'[': "kLsquare", ']': "kRsquare", '{': "kLbrace", '}': "kRbrace"}[c])
	default:
		p.fail(p.i, "expected '%c'", c)
	}
}

// peekWord is the identifier that comes next, empty if none.
func (p *scanner) peekWord() []byte {
	j := p.pos()
	for ; j < len(p.b); j++ {
		c := p.b[j]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' ||
			j > p.i && (c >= '0' && c <= '9' || c == '-' || c == '.')) {
			break
		}
	}
	return p.b[p.i:j]
}

// word consumes an identifier, failing with msg if none comes next.
func (p *scanner) word(msg string) []byte {
	w := p.peekWord()
	if len(w) == 0 {
		p.fail(p.i, "%s", msg)
	}
	p.i += len(w)
	return w
}

// attr consumes `name=` if it comes next.
func (p *scanner) attr(name string) bool {
	w := p.peekWord()
	ok := string(w) == name && p.i+len(w) < len(p.b) && p.b[p.i+len(w)] == '='
	if ok {
		p.i += len(w) + 1
	}
	return ok
}

// digitNext reports whether an integer comes next.
func (p *scanner) digitNext() bool {
	j := p.pos()
	if j < len(p.b) && p.b[j] == '-' {
		j++
	}
	return j < len(p.b) && p.b[j] >= '0' && p.b[j] <= '9'
}

// num consumes a decimal integer, optionally negative.
func (p *scanner) num() int64 {
	if !p.digitNext() {
		p.fail(p.i, "expects integer")
	}
	at := p.i
	j, v := at, uint64(0)
	if p.b[j] == '-' {
		j++
	}
	for ; j < len(p.b) && p.b[j] >= '0' && p.b[j] <= '9'; j++ {
		if v > (math.MaxInt64-9)/10 {
			p.fail(at, "expects integer")
		}
		v = v*10 + uint64(p.b[j]-'0')
	}
	p.i = j
	if p.b[at] == '-' {
		return -int64(v)
	}
	return int64(v)
}

// name consumes a '...' or "..." string (its content as written, escapes
// not decoded) or an identifier: a name in a mesh.
func (p *scanner) name(msg string) []byte {
	at := p.pos()
	if at == len(p.b) || p.b[at] != '"' && p.b[at] != '\'' {
		return p.word(msg)
	}
	for j := at + 1; j < len(p.b); j++ {
		p.passed(j)
		if p.b[j] == '\\' {
			j++
		} else if p.b[j] == p.b[at] {
			p.i = j + 1
			return p.b[at+1 : j]
		}
	}
	p.fail(at, "unterminated string")
	return nil
}

// clip is b for a message: at most 64 bytes of it.
func clip(b []byte) string {
	if len(b) > 64 {
		return string(b[:61]) + "..."
	}
	return string(b)
}

// skipBraces consumes a balanced {...} (metadata), strings included, unread.
func (p *scanner) skipBraces() {
	at := p.pos()
	p.expect('{', "expects '{' to start sub attributes")
	for depth := 1; depth > 0; p.i++ {
		if p.i >= len(p.b) {
			p.fail(at, "expects '}' to end sub attributes")
		}
		p.passed(p.i)
		switch p.b[p.i] {
		case '"', '\'':
			p.name("")
			p.i--
		case '{':
			depth++
		case '}':
			depth--
		}
	}
}

// end fails unless only white space is left.
func (p *scanner) end(what string) {
	if p.pos() < len(p.b) {
		p.fail(p.i, "extra content after %s", what)
	}
}

// product is the product of dims, which must be positive, failing at at.
func (p *scanner) product(dims []int64, at int) int64 {
	n := int64(1)
	for _, d := range dims {
		if d < 1 {
			p.fail(at, "the dimension %d is not positive", d)
		}
		if n > math.MaxInt64/d {
			p.fail(at, "the number of devices overflows")
		}
		n *= d
	}
	return n
}
