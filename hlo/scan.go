package hlo

import (
	"bytes"
	"encoding/binary"
	"math/bits"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// The scanner walks the module's structure without tokenizing computation
// bodies: a body is skipped by counting braces outside strings and
// comments, eight bytes at a time. Only the entry computation's top level
// is walked instruction by instruction, and there too operand lists (where
// constants print their literals inline) are skipped as bracket groups.

// scanner finds the structure of an HLO module in src.
type scanner struct {
	src        []byte
	name       string
	lines      lineIndex
	lineOffset int
	release    func(int)
	released   int
	file       *File
}

// releaseStep is how much text the scanner reads between two calls of the
// Release callback (a variable for tests).
var releaseStep = 8 << 20

// releaseAt tells the caller, through Options.Release, that the scanner is
// done with the text before off, after counting its lines.
func (s *scanner) releaseAt(off int) {
	if off-s.released < releaseStep {
		return
	}
	s.released = off
	if s.release != nil {
		s.lines.lineCol(s.src, off)
		s.release(off)
	}
}

func (s *scanner) pos(off int) ast.Pos {
	line, col := s.lines.lineCol(s.src, off)
	return ast.Pos{Filename: s.name, Offset: off, Line: line + s.lineOffset, Column: col}
}

func (s *scanner) span(start, end int) ast.Span {
	return ast.Span{Pos: s.pos(start), End: s.pos(end)}
}

func (s *scanner) errorf(off int, format string, args ...any) *ast.Error {
	return ast.Errorf(s.pos(off), format, args...)
}

// IsHLO reports whether src is HLO text: its first token after white
// space and comments is the keyword HloModule.
func IsHLO(src []byte) bool {
	i := skipTrivia(src, 0)
	return hasWord(src, i, "HloModule")
}

// skipTrivia returns the offset of the next byte at or after i that is
// not white space or part of a `//` or `/* */` comment. An unterminated
// block comment runs to the end.
func skipTrivia(src []byte, i int) int {
	for i < len(src) {
		switch c := src[i]; {
		case isSpace(c):
			i++
		case c == '/' && i+1 < len(src) && (src[i+1] == '/' || src[i+1] == '*'):
			n, ok := commentLen(src, i)
			if !ok {
				return len(src)
			}
			i += n
		default:
			return i
		}
	}
	return i
}

// hasWord reports whether the identifier w stands at i, not followed by
// more identifier characters.
func hasWord(src []byte, i int, w string) bool {
	return i <= len(src) && bytes.HasPrefix(src[i:], []byte(w)) &&
		(i+len(w) >= len(src) || !isIdentChar(src[i+len(w)]))
}

// word returns the identifier or %name at i, or "".
func (s *scanner) word(i int) string {
	src := s.src
	j := i
	if j < len(src) && src[j] == '%' {
		j++
	}
	if j >= len(src) || !(isIdentStart(src[j]) || src[i] == '%' && isIdentChar(src[j])) {
		return ""
	}
	return string(src[i : j+identLen(src, j)])
}

// skipping marks the bytes that stop the brace-skipping loop of a body.
var bodySpecial = func() (t [256]bool) {
	for _, c := range []byte("{}\"/") {
		t[c] = true
	}
	return
}()

// groupSpecial marks the bytes that stop the loop that skips a bracket
// group of any kind.
var groupSpecial = func() (t [256]bool) {
	for _, c := range []byte("(){}[]\"/") {
		t[c] = true
	}
	return
}()

const ones, highs = 0x0101010101010101, 0x8080808080808080

// zeroBytes marks the high bit of each byte of x that equals c: for the
// word y = x^c, (y - 0x01..01) &^ y & 0x80..80 marks the lowest zero byte
// of y exactly, which is all that the callers use.
func zeroBytes(x uint64, c byte) uint64 {
	y := x ^ (ones * uint64(c))
	return (y - ones) &^ y
}

// nextBodySpecial returns the offset of the first byte at or after j that
// is one of { } " /, or len(src), eight bytes at a time.
func nextBodySpecial(src []byte, j int) int {
	for ; j+8 <= len(src); j += 8 {
		x := binary.LittleEndian.Uint64(src[j:])
		m := (zeroBytes(x, '{') | zeroBytes(x, '}') | zeroBytes(x, '"') | zeroBytes(x, '/')) & highs
		if m != 0 {
			return j + bits.TrailingZeros64(m)/8
		}
	}
	for j < len(src) && !bodySpecial[src[j]] {
		j++
	}
	return j
}

// nextGroupSpecial is nextBodySpecial for the bytes ( ) { } [ ] " /.
func nextGroupSpecial(src []byte, j int) int {
	for ; j+8 <= len(src); j += 8 {
		x := binary.LittleEndian.Uint64(src[j:])
		m := (zeroBytes(x, '(') | zeroBytes(x, ')') | zeroBytes(x, '{') | zeroBytes(x, '}') |
			zeroBytes(x, '[') | zeroBytes(x, ']') | zeroBytes(x, '"') | zeroBytes(x, '/')) & highs
		if m != 0 {
			return j + bits.TrailingZeros64(m)/8
		}
	}
	for j < len(src) && !groupSpecial[src[j]] {
		j++
	}
	return j
}

// skipQuotedOrComment skips the string or comment at src[j] (a lone '/'
// is skipped as itself).
func (s *scanner) skipQuotedOrComment(j int) (int, error) {
	src := s.src
	if src[j] == '"' {
		n, ok := stringLen(src, j)
		if !ok {
			return 0, s.errorf(j, "unterminated string")
		}
		return j + n, nil
	}
	if j+1 < len(src) && (src[j+1] == '/' || src[j+1] == '*') {
		n, ok := commentLen(src, j)
		if !ok {
			return 0, s.errorf(j, "unterminated comment")
		}
		return j + n, nil
	}
	return j + 1, nil
}

// skipBody returns the offset after the '}' matching the '{' at src[i].
// This is the hot path: it runs over every computation body.
func (s *scanner) skipBody(i int) (int, error) {
	src := s.src
	depth := 0
	for j := i; ; {
		j = nextBodySpecial(src, j)
		if j-s.released >= releaseStep {
			s.releaseAt(j)
		}
		if j >= len(src) {
			return 0, s.errorf(i, "unbalanced '{': no matching '}'")
		}
		switch src[j] {
		case '{':
			depth++
			j++
		case '}':
			depth--
			j++
			if depth == 0 {
				return j, nil
			}
		default:
			end, err := s.skipQuotedOrComment(j)
			if err != nil {
				return 0, err
			}
			j = end
		}
	}
}

// closing is the bracket that closes each opening one.
var closing = [256]byte{'(': ')', '[': ']', '{': '}'}

// skipGroup returns the offset after the bracket matching the '(', '['
// or '{' at src[i]. Brackets of every kind nest; a closing bracket of the
// wrong kind is an error.
func (s *scanner) skipGroup(i int) (int, error) {
	src := s.src
	stack := make([]byte, 0, 16)
	for j := i; ; {
		j = nextGroupSpecial(src, j)
		if j-s.released >= releaseStep {
			s.releaseAt(j)
		}
		if j >= len(src) {
			return 0, s.errorf(i, "unbalanced '%c': no matching '%c'", src[i], closing[src[i]])
		}
		switch c := src[j]; c {
		case '(', '[', '{':
			stack = append(stack, closing[c])
			j++
		case ')', ']', '}':
			if stack[len(stack)-1] != c {
				return 0, s.errorf(j, "unexpected '%c': expected '%c'", c, stack[len(stack)-1])
			}
			stack = stack[:len(stack)-1]
			j++
			if len(stack) == 0 {
				return j, nil
			}
		default:
			end, err := s.skipQuotedOrComment(j)
			if err != nil {
				return 0, err
			}
			j = end
		}
	}
}

// skipValue returns the end of an attribute value at i: a bracket group,
// a string, or a run of other characters (with bracket groups inside,
// as in `f32[4]{0}`) up to white space, a comma or a closing bracket.
func (s *scanner) skipValue(i int) (int, error) {
	src := s.src
	j := i
	for j < len(src) {
		switch c := src[j]; {
		case c == '(' || c == '[' || c == '{':
			end, err := s.skipGroup(j)
			if err != nil {
				return 0, err
			}
			j = end
		case c == '"':
			end, err := s.skipQuotedOrComment(j)
			if err != nil {
				return 0, err
			}
			j = end
		case isSpace(c) || c == ',' || c == ')' || c == ']' || c == '}':
			return j, nil
		case c == '/' && j+1 < len(src) && (src[j+1] == '/' || src[j+1] == '*'):
			return j, nil
		default:
			j++
		}
	}
	return j, nil
}
