package hlo

import (
	"bytes"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// The scanner walks the module's structure without tokenizing computation
// bodies: a body is skipped by counting braces outside strings and
// comments. Only the entry computation's top level
// is walked instruction by instruction, and there too operand lists (where
// constants print their literals inline) are skipped as bracket groups.

// scanner finds the structure of an HLO module in src.
type scanner struct {
	src        []byte
	name       string
	lines      ast.LineIndex
	lineOffset int
	file       *File
	release    func(from, to int) // Options.Release
	released   int                // the end of the last range released
}

// passed tells Options.Release that the scan is done with the text before
// off, once it has read ast.ReleaseStep bytes since it last did, after
// counting its lines. It is cheap enough to call at every brace of a
// body.
func (s *scanner) passed(off int) {
	if off-s.released >= ast.ReleaseStep && s.release != nil {
		s.lines.LineCol(s.src, off)
		s.release(s.released, off)
		s.released = off
	}
}

func (s *scanner) pos(off int) ast.Pos {
	line, col := s.lines.LineCol(s.src, off)
	return ast.Pos{Filename: s.name, Offset: off, Line: line + s.lineOffset, Column: col}
}

// point is the model.Point of offset off.
func (s *scanner) point(off int) model.Point { return model.PointOf(s.pos(off)) }

func (s *scanner) span(start, end int) ast.Span {
	return ast.Span{Pos: s.pos(start), End: s.pos(end)}
}

func (s *scanner) errorf(off int, format string, args ...any) *ast.Error {
	return ast.Errorf(s.pos(off), format, args...)
}

// IsHLO reports whether src is HLO text: its first token after white
// space and comments is the keyword HloModule, within the first
// SniffBytes (XLA's dumps begin with it; --input-format=hlo reads any
// other text as HLO). It reads no further, so that telling the format of
// a file of gigabytes of comments does not read them.
func IsHLO(src []byte) bool {
	i, ok := firstToken(src)
	return ok && hasWord(src, i, "HloModule")
}

// SniffBytes is how far into the input IsHLO looks for HloModule.
const SniffBytes = 1 << 20

// SniffHLO is IsHLO on src, the first part of a longer input; sure is
// false when src ends before its first token does, so that only more of
// the input can tell.
func SniffHLO(src []byte) (isHLO, sure bool) {
	i, ok := firstToken(src)
	if ok && len(src)-i <= len("HloModule") {
		return false, false
	}
	return ok && hasWord(src, i, "HloModule"), true
}

// firstToken returns the offset of the first token of src after white
// space and comments; ok is false when it is not within SniffBytes.
func firstToken(src []byte) (i int, ok bool) {
	i = skipTrivia(src[:min(len(src), SniffBytes)], 0, nil)
	return i, i < SniffBytes
}

// skipTrivia returns the offset of the next byte at or after i that is
// not white space or part of a `//` or `/* */` comment. An unterminated
// block comment runs to the end.
func skipTrivia(src []byte, i int, step stepper) int {
	for i < len(src) {
		switch c := src[i]; {
		case isSpace(c):
			i++
		case c == '/' && i+1 < len(src) && (src[i+1] == '/' || src[i+1] == '*'):
			n, ok := commentLen(src, i, step)
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
func (s *scanner) word(i int) (string, int) {
	end := s.wordEnd(i)
	if end-i <= maxWord {
		return string(s.src[i:end]), end
	}
	// A name of megabytes costs a constant: messages cut names, and
	// what the tool compares a name with is short, or a suffix (_spmd).
	return string(s.src[i:i+maxWord/2]) + "..." + string(s.src[end-maxWord/2:end]), end
}

// maxWord is the longest word the scan keeps whole.
const maxWord = 1 << 10

// wordEnd returns the offset after the identifier or %name at i; i when
// there is none.
func (s *scanner) wordEnd(i int) int {
	j := i
	if j < len(s.src) && s.src[j] == '%' {
		j++
	}
	if j >= len(s.src) || !(isIdentStart(s.src[j]) || j > i && isIdentChar(s.src[j])) {
		return i
	}
	return j + identLen(s.src, j, s.passed)
}

// skipQuotedOrComment skips the string or comment at src[j] (a lone '/'
// is skipped as itself).
func (s *scanner) skipQuotedOrComment(j int) (int, error) {
	if s.src[j] == '"' {
		n, ok := stringLen(s.src, j, s.passed)
		if !ok {
			return 0, s.errorf(j, "unterminated string")
		}
		return j + n, nil
	}
	if j+1 < len(s.src) && (s.src[j+1] == '/' || s.src[j+1] == '*') {
		n, ok := commentLen(s.src, j, s.passed)
		if !ok {
			return 0, s.errorf(j, "unterminated comment")
		}
		return j + n, nil
	}
	return j + 1, nil
}

// skipBody returns the offset after the '}' matching the '{' at src[i].
func (s *scanner) skipBody(i int) (int, error) {
	depth := 0
	for j := i; ; {
		j = ast.NextSpecial(s.src, j)
		if j >= len(s.src) {
			return 0, s.errorf(i, "unbalanced '{': no matching '}'")
		}
		s.passed(j)
		switch s.src[j] {
		case '{':
			depth++
			j++
		case '}':
			depth--
			j++
			if depth == 0 {
				return j, nil
			}
		case '"', '/':
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

// groupStop marks the bytes ast.NextGroupSpecial stops at.
var groupStop = [256]bool{'(': true, ')': true, '[': true, ']': true, '{': true, '}': true, '"': true, '/': true}

// skipGroup returns the offset after the bracket matching the '(', '['
// or '{' at src[i]. Brackets of every kind nest; a closing bracket of the
// wrong kind is an error. On an error the offset returned is where the
// search stopped: after that closing bracket, or else the end of the
// input, which the search has then read whole.
func (s *scanner) skipGroup(i int) (int, error) { return s.skipGroupFrom(i, i, make([]byte, 0, 16)) }

// skipGroupFrom is skipGroup for the group at i, from j on, with the
// closing brackets of the groups open at j on stack.
func (s *scanner) skipGroupFrom(i, j int, stack []byte) (int, error) {
	src := s.src
	for {
		// The next stop, looked for byte by byte for a few bytes (brackets
		// are dense in a list of entries), then a word at a time.
		for end := min(j+4, len(src)); j < end && !groupStop[src[j]]; j++ {
		}
		if j < len(src) && !groupStop[src[j]] {
			j = ast.NextGroupSpecial(src[:min(len(src), j+ast.ReleaseStep)], j) // a step at most
		}
		if j >= len(src) {
			return len(src), s.errorf(i, "unbalanced '%c': no matching '%c'", src[i], closing[src[i]])
		}
		if s.release != nil && j-s.released >= ast.ReleaseStep {
			s.passed(j) // a group may be a huge header value
		}
		if !groupStop[src[j]] {
			continue // the end of a step
		}
		switch c := src[j]; c {
		case '(', '[', '{':
			stack = append(stack, closing[c])
			j++
		case ')', ']', '}':
			if stack[len(stack)-1] != c {
				return j + 1, s.errorf(j, "unexpected '%c': expected '%c'", c, stack[len(stack)-1])
			}
			stack = stack[:len(stack)-1]
			j++
			if len(stack) == 0 {
				return j, nil
			}
		case '"', '/':
			end, err := s.skipQuotedOrComment(j)
			if err != nil {
				return len(src), err // unterminated: read to the end
			}
			j = end
		}
	}
}

// skipValue returns the end of an attribute value at i: a bracket group,
// a string, or a run of other characters (with bracket groups inside,
// as in `f32[4]{0}`) up to white space, a comma or a closing bracket.
// On an error the offset returned is where the search stopped, as for
// skipGroup. From resume on, when it is past i, the search goes on in the
// group at i (the text before is balanced, one bracket deep).
func (s *scanner) skipValue(i, resume int) (int, error) {
	j := i
	if resume > i {
		end, err := s.skipGroupFrom(i, resume, []byte{closing[s.src[i]]})
		if err != nil {
			return end, err
		}
		j = end
	}
	for j < len(s.src) {
		switch c := s.src[j]; {
		case c == '(' || c == '[' || c == '{':
			end, err := s.skipGroup(j)
			if err != nil {
				return end, err
			}
			j = end
		case c == '"':
			end, err := s.skipQuotedOrComment(j)
			if err != nil {
				return len(s.src), err // unterminated: read to the end
			}
			j = end
		case valueEnds(s.src, j):
			return j, nil
		default:
			j++
		}
	}
	return j, nil
}

// hasWord is hasWord on the input.
func (s *scanner) hasWord(i int, w string) bool { return hasWord(s.src, i, w) }

// trivia is skipTrivia on the input.
func (s *scanner) trivia(i int) int { return skipTrivia(s.src, i, s.passed) }
