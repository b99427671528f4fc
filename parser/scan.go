package parser

import (
	"bytes"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// The scanner walks the module's structure without tokenizing function
// bodies: a body is skipped by counting braces outside strings and
// comments, which is all that the syntax of MLIR needs to find its end.

// skipString returns the offset after the string literal whose opening
// quote is src[i], and reports whether the string is terminated.
func skipString(src []byte, i int) (int, bool) { return skipStringBehind(src, i, nil) }

// skipStringBehind is skipString telling at, when set, the offsets its
// search goes on from, a step at a time: a string of megabytes costs a
// window of memory.
func skipStringBehind(src []byte, i int, at func(off int)) (int, bool) {
	for j := i + 1; ; {
		k := indexByteBehind(src, j, '"', at)
		if k < 0 {
			return len(src), false
		}
		j += k
		// The quote is escaped iff an odd run of backslashes precedes it.
		n := 0
		for b := j - 1; b > i && src[b] == '\\'; b-- {
			n++
		}
		j++
		if n%2 == 0 {
			return j, true
		}
	}
}

// indexByteBehind is bytes.IndexByte(src[j:], c), searched a ReleaseStep at
// a time, at (when set) told each step's start.
func indexByteBehind(src []byte, j int, c byte, at func(off int)) int {
	if at == nil {
		return bytes.IndexByte(src[j:], c)
	}
	k := -1
	eachStep(src, j, len(src), at, func(a int, chunk []byte) bool {
		if i := bytes.IndexByte(chunk, c); i >= 0 {
			k = a + i - j
		}
		return k < 0
	})
	return k
}

// eachStep calls each with src[from:to] a ReleaseStep at a time, and the
// offset of each piece, while it returns true; at is told each piece's
// offset first.
func eachStep(src []byte, from, to int, at func(off int), each func(a int, chunk []byte) bool) {
	for a := from; a < to; a += ast.ReleaseStep {
		at(a)
		if !each(a, src[a:min(a+ast.ReleaseStep, to)]) {
			return
		}
	}
}

// skipLine returns the offset of the newline ending the line at i, or the
// end of src, searched a step at a time, at (when set) told each step's
// start.
func skipLine(src []byte, i int, at func(off int)) int {
	if k := indexByteBehind(src, i, '\n', at); k >= 0 {
		return i + k
	}
	return len(src)
}

// skipQuotedOrComment skips the string literal or `//` comment at src[j]
// (a lone '/' is skipped as itself).
func (s *scanner) skipQuotedOrComment(j int) (int, error) {
	if s.Src[j] == '"' {
		end, ok := skipStringBehind(s.Src, j, s.bodyStops.passed)
		if !ok {
			return 0, s.errorf(j, "unterminated string")
		}
		return end, nil
	}
	if s.At(j+1) && s.Src[j+1] == '/' {
		return skipLine(s.Src, j, s.releaseAt), nil
	}
	return j + 1, nil
}

// finder finds the next of a few bytes in a text, the scanner's stops:
// each byte's next occurrence is searched with bytes.IndexByte, at the
// speed of memory, over a window of at most findWindow bytes, and kept
// until the scan passes it; so each byte of the text is searched once
// for each byte wanted, and none further than a window ahead of the scan.
type finder struct {
	set string
	// near is the word-at-a-time search for the same bytes, for the
	// first nearBytes: faster than a call of bytes.IndexByte per byte
	// wanted when the next one is near, as in a body of small ops.
	near func(src []byte, j int) int
	// For each byte of set: the next occurrence at or after from, if
	// found, else the end of the window searched without one (found
	// also at the end of the text, as if the byte were there).
	from, at [8]int
	found    [8]bool
	// passed, when set, is told each offset a search of the next stop
	// goes on from, a window further, so that a stop megabytes away
	// drops the pages of the text before it as the search goes.
	passed func(off int)
}

// findWindow is the most text finder searches ahead of the scan;
// nearBytes how far it looks with near first.
const (
	findWindow = 64 << 10
	nearBytes  = 256
)

// newFinder returns a finder for the bytes of set (at most 8), which near
// searches for too.
func newFinder(set string, near func([]byte, int) int) finder {
	f := finder{set: set, near: near}
	for k := range f.from {
		f.from[k], f.at[k] = -1, -1
	}
	return f
}

// next returns the offset of the first byte of the set at or after j in
// src, or len(src).
func (f *finder) next(src []byte, j int) int {
	if lim := min(j+nearBytes, len(src)); j < lim {
		if k := f.near(src[:lim], j); k < lim {
			return k
		}
		j = lim
	}
	for {
		best, bk := len(src), -1
		for k := 0; k < len(f.set); k++ {
			if f.from[k] > j || f.at[k] < j || f.at[k] == j && !f.found[k] {
				f.search(src, k, j)
			}
			if f.at[k] < best {
				best, bk = f.at[k], k
			}
		}
		if bk < 0 || f.found[bk] {
			return best
		}
		// A window ends before any byte found: search on from there.
		j = best
		if f.passed != nil {
			f.passed(j)
		}
	}
}

// search finds set[k] from j, within a window.
func (f *finder) search(src []byte, k, j int) {
	end := min(j+findWindow, len(src))
	f.from[k] = j
	if n := bytes.IndexByte(src[j:end], f.set[k]); n >= 0 {
		f.at[k], f.found[k] = j+n, true
	} else {
		f.at[k], f.found[k] = end, end == len(src)
	}
}

// skipBraces returns the offset after the '}' matching the '{' at src[i].
// This is the hot path: it runs over every function body.
func (s *scanner) skipBraces(i int) (int, error) {
	depth := 0
	for j := i; ; {
		j = s.bodyStops.next(s.Src, j)
		s.releaseAt(j)
		if j >= len(s.Src) {
			return 0, s.errorf(i, "unbalanced '{': no matching '}'")
		}
		switch s.Src[j] {
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

// skipGroup returns the offset after the bracket matching the '(', '[' or
// '{' at src[i]. Braces inside are skipped by skipBraces; parentheses and
// square brackets are matched with a stack.
func (s *scanner) skipGroup(i int) (int, error) {
	if s.Src[i] == '{' {
		return s.skipBraces(i)
	}
	var stack []int
	for j := i; s.At(j); {
		switch c := s.Src[j]; c {
		case '(', '[':
			stack = append(stack, j)
			j++
		case ')', ']':
			open := s.Src[stack[len(stack)-1]]
			if (c == ')') != (open == '(') {
				return 0, s.errorf(j, "unexpected '%c': no matching '%c' is open", c, c)
			}
			stack = stack[:len(stack)-1]
			j++
			if len(stack) == 0 {
				return j, nil
			}
		case '{':
			end, err := s.skipBraces(j)
			if err != nil {
				return 0, err
			}
			j = end
		case '}':
			return 0, s.errorf(j, "unexpected '}'")
		case '"', '/':
			end, err := s.skipQuotedOrComment(j)
			if err != nil {
				return 0, err
			}
			j = end
		default:
			j = s.groupStops.next(s.Src, j+1)
			s.releaseAt(j)
		}
	}
	return 0, s.errorf(stack[len(stack)-1], "unbalanced '%c': no matching closing bracket", s.Src[stack[len(stack)-1]])
}

// skipAngle returns the offset after the '>' matching the '<' at src[i].
// An arrow "->" is not a bracket.
func (s *scanner) skipAngle(i int) (int, error) {
	depth := 0
	for j := i; s.At(j); {
		switch c := s.Src[j]; c {
		case '<':
			depth++
			j++
		case '>':
			if j > 0 && s.Src[j-1] == '-' {
				j++
				continue
			}
			depth--
			j++
			if depth == 0 {
				return j, nil
			}
		case '(', '[', '{':
			end, err := s.skipGroup(j)
			if err != nil {
				return 0, err
			}
			j = end
		case ')', ']', '}':
			return 0, s.errorf(j, "unexpected '%c' inside '<...>'", c)
		case '"':
			end, err := s.skipQuotedOrComment(j)
			if err != nil {
				return 0, err
			}
			j = end
		default:
			j++
		}
	}
	return 0, s.errorf(i, "unbalanced '<': no matching '>'")
}

// skipTrivia returns the offset of the next byte that is not white space
// or part of a comment.
func (s *scanner) skipTrivia(i int) int {
	for s.At(i) {
		switch c := s.Src[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '/' && s.At(i+1) && s.Src[i+1] == '/':
			i = skipLine(s.Src, i, s.releaseAt)
			s.releaseAt(i) // megabytes of comments drop their pages as they go
		default:
			return i
		}
	}
	return i
}

// symbol returns the end of the symbol name "@name" or "@\"name\"" at i,
// and its name.
func (s *scanner) symbol(i int) (int, string, bool) {
	if !s.At(i) || s.Src[i] != '@' {
		return i, "", false
	}
	if s.At(i+1) && s.Src[i+1] == '"' {
		end, ok := skipString(s.Src, i+1)
		if !ok {
			return i, "", false
		}
		name, err := ast.Unquote(string(s.Src[i+1 : end]))
		return end, name, err == nil
	}
	j := i + 1
	for s.At(j) && (isIdentChar(s.Src[j]) || s.Src[j] == '-') {
		j++
	}
	return j, string(s.Src[i+1 : j]), j > i+1
}

// skipType returns the end of the type at i: a word or !dialect name with
// an optional <...> body, or a parenthesized list (a function type).
func (s *scanner) skipType(i int) (int, error) {
	if !s.At(i) {
		return 0, s.errorf(i, "expected type")
	}
	if s.Src[i] == '(' {
		end, err := s.skipGroup(i)
		if err != nil {
			return 0, err
		}
		j := s.skipTrivia(end)
		if s.HasPrefix(j, "->") {
			return s.skipType(s.skipTrivia(j + 2))
		}
		return end, nil
	}
	j := i
	if s.Src[j] == '!' {
		j++
	}
	for s.At(j) && (isIdentChar(s.Src[j]) || s.Src[j] == '-') {
		j++
	}
	if j == i {
		return 0, s.errorf(i, "expected type")
	}
	if s.At(j) && s.Src[j] == '<' {
		return s.skipAngle(j)
	}
	return j, nil
}

// skipAttrValue returns the end of an attribute alias's value starting at
// i: it ends at the first newline or comment outside brackets.
func (s *scanner) skipAttrValue(i int) (int, error) {
	end := i
	for j := i; s.At(j) && s.Src[j] != '\n'; {
		switch c := s.Src[j]; {
		case c == ' ' || c == '\t' || c == '\r':
			j++
			continue
		case c == '/' && s.At(j+1) && s.Src[j+1] == '/':
			return end, nil
		}
		e, err := s.skipToken(j)
		if err != nil {
			return 0, err
		}
		j, end = e, e
	}
	return end, nil
}
