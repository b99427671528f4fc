package filecheck

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// subject is the input text being checked. Go's regexp package matches
// UTF-8 runes while FileCheck's regex engine matches bytes, so when the
// input has bytes >= 0x80 it is also kept in a form where every byte is one
// rune (U+0000-U+00FF); compiled expressions then see one rune per byte and
// match positions are mapped back.
type subject struct {
	text     string
	conv     string // byte-per-rune form, equal to text when text is ASCII
	toConv   []int  // toConv[i] is the offset in conv of text offset i
	fromConv []int  // fromConv[j] is the offset in text of conv offset j
}

func newSubject(text string) *subject {
	s := &subject{text: text, conv: text}
	ascii := true
	for i := 0; i < len(text); i++ {
		if text[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	var b strings.Builder
	s.toConv = make([]int, len(text)+1)
	for i := 0; i < len(text); i++ {
		s.toConv[i] = b.Len()
		b.WriteRune(rune(text[i]))
	}
	s.toConv[len(text)] = b.Len()
	s.conv = b.String()
	s.fromConv = make([]int, len(s.conv)+1)
	for i := 0; i < len(text); i++ {
		for j := s.toConv[i]; j < s.toConv[i+1]; j++ {
			s.fromConv[j] = i
		}
	}
	s.fromConv[len(s.conv)] = len(text)
	return s
}

func (s *subject) convOffset(i int) int {
	if s.toConv == nil {
		return i
	}
	return s.toConv[i]
}

func (s *subject) textOffset(j int) int {
	if s.fromConv == nil || j < 0 {
		return j
	}
	return s.fromConv[j]
}

// compiledRE is a matcher for one final regular expression string.
type compiledRE struct {
	re      *regexp.Regexp // nil when the backtracker is needed
	tree    *reNode
	ngroups int
	icase   bool
}

// find returns submatch indices (absolute text offsets) of the
// leftmost-longest match within [start, end), or nil.
func (c *compiledRE) find(s *subject, start, end int) []int {
	if c.re == nil {
		loc := matchBacktrack(c.tree, c.ngroups, s.text[start:end], c.icase)
		for i := range loc {
			if loc[i] >= 0 {
				loc[i] += start
			}
		}
		return loc
	}
	cs, ce := s.convOffset(start), s.convOffset(end)
	loc := c.re.FindStringSubmatchIndex(s.conv[cs:ce])
	for i := range loc {
		if loc[i] >= 0 {
			loc[i] = s.textOffset(loc[i] + cs)
		}
	}
	return loc
}

// compileERE compiles a POSIX extended regular expression with FileCheck's
// flags (newline-sensitive, optionally case-insensitive).
func compileERE(expr string, icase bool) (*compiledRE, error) {
	tree, ngroups, err := parseERE(expr, 0)
	if err != nil {
		return nil, err
	}
	c := &compiledRE{tree: tree, ngroups: ngroups, icase: icase}
	if hasBackref(tree) {
		return c, nil
	}
	var b strings.Builder
	b.WriteString("(?m)")
	if icase {
		b.WriteString("(?i)")
	}
	goSyntax(tree, &b)
	re, err := regexp.Compile(b.String())
	if err != nil {
		// Fall back to the backtracker for what Go's parser rejects
		// (for example repetition counts above its limit).
		return c, nil
	}
	re.Longest()
	c.re = re
	return c, nil
}

func hasBackref(n *reNode) bool {
	if n.kind == nBackref {
		return true
	}
	for _, s := range n.subs {
		if hasBackref(s) {
			return true
		}
	}
	return false
}
