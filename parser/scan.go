package parser

import (
	"bytes"
	"encoding/binary"
	"math/bits"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// The scanner walks the module's structure without tokenizing function
// bodies: a body is skipped by counting braces outside strings and
// comments, which is all that the syntax of MLIR needs to find its end.

// special marks the bytes that stop the brace-skipping loop.
var special = func() (t [256]bool) {
	for _, c := range []byte("{}\"/") {
		t[c] = true
	}
	return
}()

// identLen is identLen on the input, which it waits for.
func (s *scanner) identLen(i int) int {
	j := i + 1
	for s.At(j) && identChar[s.Src[j]] {
		j++
	}
	return j - i
}

// skipString is skipString on the input, which it waits for.
func (s *scanner) skipString(i int) (int, bool) {
	for from := i + 1; ; {
		end, ok := skipStringFrom(s.Src, i, from)
		if ok {
			return end, true
		}
		from = len(s.Src)
		if !s.Grow() {
			return end, false
		}
	}
}

// skipLine is skipLine on the input, which it waits for.
func (s *scanner) skipLine(i int) int {
	for {
		if k := bytes.IndexByte(s.Src[i:], '\n'); k >= 0 {
			return i + k
		}
		i = len(s.Src)
		if !s.Grow() {
			return i
		}
	}
}

// skipString returns the offset after the string literal whose opening
// quote is src[i], and reports whether the string is terminated.
func skipString(src []byte, i int) (int, bool) {
	return skipStringFrom(src, i, i+1)
}

// skipStringFrom is skipString searching for the closing quote from j on.
func skipStringFrom(src []byte, i, j int) (int, bool) {
	for {
		k := bytes.IndexByte(src[j:], '"')
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

// skipLine returns the offset of the newline ending the line at i, or the
// end of src.
func skipLine(src []byte, i int) int {
	if k := bytes.IndexByte(src[i:], '\n'); k >= 0 {
		return i + k
	}
	return len(src)
}

// nextSpecial returns the offset of the first byte at or after j that is
// one of { } " /, or len(src), eight bytes at a time:
// for each wanted byte b, the word x^b has a zero byte exactly where x
// holds b, and (y - 0x01..01) &^ y & 0x80..80 marks the lowest zero byte
// of y exactly.
func nextSpecial(src []byte, j int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for ; j+8 <= len(src); j += 8 {
		x := binary.LittleEndian.Uint64(src[j:])
		a, b, c, d := x^(ones*'{'), x^(ones*'}'), x^(ones*'"'), x^(ones*'/')
		m := ((a-ones)&^a | (b-ones)&^b | (c-ones)&^c | (d-ones)&^d) & highs
		if m != 0 {
			return j + bits.TrailingZeros64(m)/8
		}
	}
	for j < len(src) && !special[src[j]] {
		j++
	}
	return j
}

// nextGroupSpecial is nextSpecial for skipGroup: the first byte at or
// after j that is one of ( ) [ ] { } " /, or len(src).
func nextGroupSpecial(src []byte, j int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	zero := func(y uint64) uint64 { return (y - ones) &^ y }
	for ; j+8 <= len(src); j += 8 {
		x := binary.LittleEndian.Uint64(src[j:])
		m := (zero(x^(ones*'(')) | zero(x^(ones*')')) | zero(x^(ones*'[')) | zero(x^(ones*']')) |
			zero(x^(ones*'{')) | zero(x^(ones*'}')) | zero(x^(ones*'"')) | zero(x^(ones*'/'))) & highs
		if m != 0 {
			return j + bits.TrailingZeros64(m)/8
		}
	}
	for j < len(src) && !groupSpecial[src[j]] {
		j++
	}
	return j
}

// groupSpecial marks the bytes nextGroupSpecial stops at.
var groupSpecial = [256]bool{'(': true, ')': true, '[': true, ']': true, '{': true, '}': true, '"': true, '/': true}

// skipQuotedOrComment skips the string literal or `//` comment at src[j]
// (a lone '/' is skipped as itself).
func (s *scanner) skipQuotedOrComment(j int) (int, error) {
	if s.Src[j] == '"' {
		end, ok := s.skipString(j)
		if !ok {
			return 0, s.errorf(j, "unterminated string")
		}
		return end, nil
	}
	if s.At(j+1) && s.Src[j+1] == '/' {
		return s.skipLine(j), nil
	}
	return j + 1, nil
}

// skipBraces returns the offset after the '}' matching the '{' at src[i].
// This is the hot path: it runs over every function body.
func (s *scanner) skipBraces(i int) (int, error) {
	depth := 0
	for j := i; ; {
		j = nextSpecial(s.Src, j)
		if j-s.released >= s.step {
			s.releaseAt(j)
		}
		if j >= len(s.Src) {
			if s.skims() {
				return s.skimBraces(i, j, skim{depth: depth})
			}
			if s.Grow() {
				continue
			}
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
			if s.skims() {
				end, k, ok := s.skimFrom(j, depth)
				if !ok {
					return s.skimBraces(i, len(s.Src), k)
				}
				j = end
				continue
			}
			end, err := s.skipQuotedOrComment(j)
			if err != nil {
				return 0, err
			}
			j = end
		}
	}
}

// skims reports whether a body that runs past the input the scan has is
// read through Options.Window (see skimBraces).
func (s *scanner) skims() bool { return s.window != nil && s.More != nil }

// skim is where skimBraces starts: the braces open, and whether in a
// string (from strAt, the backslashes that end the text before counted
// in slashes), in a comment, or after a '/' that may begin one.
type skim struct {
	depth, mode, strAt, slashes int
	openSlash                   bool
}

const (
	skimCode = iota
	skimQuoted
	skimComment
)

// skimFrom skips the string literal or comment at src[j] (a lone '/'
// as itself) when it ends inside the input the scan has, returning the
// offset after it; when it does not (ok false), k is how skimBraces goes
// on from the end of that input.
func (s *scanner) skimFrom(j, depth int) (end int, k skim, ok bool) {
	k.depth = depth
	if s.Src[j] == '"' {
		if end, ok := skipString(s.Src, j); ok {
			return end, k, true
		}
		rest := s.Src[j+1:]
		k.mode, k.strAt, k.slashes = skimQuoted, j, len(rest)-len(bytes.TrimRight(rest, "\\"))
		return 0, k, false
	}
	if j+1 == len(s.Src) {
		k.openSlash = true
		return 0, k, false
	}
	if s.Src[j+1] != '/' {
		return j + 1, k, true
	}
	if n := bytes.IndexByte(s.Src[j:], '\n'); n >= 0 {
		return j + n, k, true
	}
	k.mode = skimComment
	return 0, k, false
}

// skimBraces is skipBraces for the rest of a body that runs past the
// input the scan has, from j (outside any string or comment, depth braces
// open since the '{' at i): the rest is read through Options.Window, a
// piece at a time, and never through src, whose reading ahead then
// resumes where the body ends (Options.SkipTo). The lines of each piece
// are counted while it is in memory.
func (s *scanner) skimBraces(i, j int, k0 skim) (int, error) {
	s.lines.LineCol(s.Src, j)
	p := s.lines.Point()
	depth, mode, strAt, slashes, openSlash := k0.depth, k0.mode, k0.strAt, k0.slashes, k0.openSlash
	// The lines of a piece are counted as the scan goes: the text outside
	// strings in one count, up to where each string begins, and a
	// string's lines by the search for its end, which stops at a newline
	// too (a piece of a large module is mostly strings: one pass over
	// them, not two).
	for {
		// The text before j is passed before the next piece is asked
		// for: a window that reuses its buffer has the writer copy the
		// piece before (fileio's streamed input).
		if j > s.released {
			s.passed(j)
		}
		w := s.window(j)
		if len(w) == 0 {
			s.Src = s.skipTo(j)
			if mode == skimQuoted {
				return 0, s.errorf(strAt, "unterminated string")
			}
			return 0, s.errorf(i, "unbalanced '{': no matching '}'")
		}
		counted := 0 // p is at j+counted
		for k := 0; k < len(w); {
			switch mode {
			case skimCode:
				if openSlash {
					openSlash = false
					if w[k] == '/' {
						mode = skimComment
						k++
						continue
					}
				}
				if k = nextSpecial(w, k); k == len(w) {
					continue
				}
				switch w[k] {
				case '{':
					depth++
				case '}':
					if depth--; depth == 0 {
						end := j + k + 1
						p.Over(w[counted : k+1])
						s.lines.Counted(p)
						s.Src = s.skipTo(end)
						return end, nil
					}
				case '"':
					mode, strAt, slashes = skimQuoted, j+k, 0
					p.Over(w[counted : k+1])
					counted = k + 1
				case '/':
					if k+1 == len(w) {
						openSlash = true
					} else if w[k+1] == '/' {
						mode = skimComment
						k++
					}
				}
				k++
			case skimQuoted:
				q := bytes.IndexAny(w[k:], "\"\n")
				if q >= 0 && w[k+q] == '\n' {
					p.Newline(j + k + q) // p is at j+k (counted == k)
					k += q + 1
					counted, slashes = k, 0 // no run of backslashes goes past it
					continue
				}
				if q < 0 {
					// The backslashes that end the piece may escape a
					// quote that begins the next.
					rest := w[k:]
					t := len(rest) - len(bytes.TrimRight(rest, "\\"))
					if t == len(rest) && k == 0 {
						slashes += t
					} else {
						slashes = t
					}
					k = len(w)
					p.Skip(j + k)
					counted = k
					continue
				}
				q += k
				p.Skip(j + q + 1)
				counted = q + 1
				// The quote is escaped iff an odd run of backslashes
				// precedes it.
				n := 0
				for b := q - 1; b >= k && w[b] == '\\'; b-- {
					n++
				}
				if n == q-k && k == 0 {
					n += slashes
				}
				slashes = 0
				if n%2 == 0 {
					mode = skimCode
				}
				k = q + 1
			case skimComment:
				q := bytes.IndexByte(w[k:], '\n')
				if q < 0 {
					k = len(w)
					continue
				}
				mode = skimCode
				k += q + 1
			}
		}
		p.Over(w[counted:])
		s.lines.Counted(p)
		j += len(w)
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
			j = nextGroupSpecial(s.Src, j+1)
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
			i = s.skipLine(i)
		default:
			return i
		}
	}
	return i
}

// word returns the bare identifier or keyword at i (letters, digits, '_',
// '$', '.'), or "".
func (s *scanner) word(i int) string {
	if !s.At(i) || !isIdentStart(s.Src[i]) {
		return ""
	}
	n := s.identLen(i)
	return string(s.Src[i : i+n])
}

// symbol returns the end of the symbol name "@name" or "@\"name\"" at i,
// and its name.
func (s *scanner) symbol(i int) (int, string, bool) {
	if !s.At(i) || s.Src[i] != '@' {
		return i, "", false
	}
	if s.At(i+1) && s.Src[i+1] == '"' {
		end, ok := s.skipString(i + 1)
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
