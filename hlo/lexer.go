package hlo

import (
	"bytes"
	"fmt"
	"io"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/mhlo-alias/mhlo-alias/ast"
)

// Token types of the HLO lexer. White space and comments are tokens too
// (elided by the grammar), so that a node's EndPos is the end of its last
// real token.
const (
	tokEOF = lexer.EOF - iota
	tokWhitespace
	tokComment
	tokPunct  // ( ) [ ] { } , : = ? * # -> <= and any other lone character
	tokIdent  // f32, T, may-alias, SyncTensorsGraph.4
	tokName   // %param_0.1
	tokInt    // 42, -1
	tokString // "text", quotes included
)

var symbols = map[string]lexer.TokenType{
	"EOF":        tokEOF,
	"Whitespace": tokWhitespace,
	"Comment":    tokComment,
	"Punct":      tokPunct,
	"Ident":      tokIdent,
	"Name":       tokName,
	"Int":        tokInt,
	"String":     tokString,
}

// MaxDepth bounds the nesting of brackets in a span the grammar reads, so
// that no input can exhaust the stack of the recursive grammar.
const MaxDepth = 200

// definition is the participle lexer definition. Parsing goes through an
// hloLexer over a span of the file, so that positions are the file's.
type definition struct{}

func (definition) Symbols() map[string]lexer.TokenType { return symbols }

func (definition) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return &hloLexer{src: src, end: len(src), pos: lexer.Position{Filename: filename, Line: 1, Column: 1}}, nil
}

// hloLexer tokenizes src[pos.Offset:end].
type hloLexer struct {
	src   []byte
	end   int
	pos   lexer.Position
	depth int
	err   error
	// seen holds the values of the short tokens read so far, once there
	// have been internAfter tokens: a header of thousands of shapes spells
	// a few dozen, so most of its tokens allocate no string of their own.
	seen   map[string]string
	tokens int
	step   stepper // told of the reading of a long token (lexCheck's)
}

// internAfter is the number of tokens from which a lexer shares the
// strings of short values; a single shape has fewer, and a map would cost
// it more than it saves.
const internAfter = 64

// oneByte holds every one-byte string, for one-byte tokens.
var oneByte = func() (t [256]string) {
	for i := range t {
		t[i] = string([]byte{byte(i)})
	}
	return
}()

// value returns the token text b as a string, shared with earlier
// tokens of the same text when it is short.
func (l *hloLexer) value(b []byte) string {
	switch {
	case len(b) == 1:
		return oneByte[b[0]]
	case len(b) > 16:
		return string(b)
	}
	if l.seen == nil {
		if l.tokens++; l.tokens < internAfter {
			return string(b)
		}
		l.seen = make(map[string]string)
	}
	if v, ok := l.seen[string(b)]; ok {
		return v
	}
	v := string(b)
	l.seen[v] = v
	return v
}

// Next returns the next token.
func (l *hloLexer) Next() (lexer.Token, error) {
	if l.err != nil {
		return lexer.Token{}, l.err
	}
	i := l.pos.Offset
	if i >= l.end {
		return lexer.EOFToken(l.pos), nil
	}
	typ, n, err := l.scan(i)
	if err == nil && typ == tokPunct {
		err = l.track(l.src[i])
	}
	if err != nil {
		l.err = err
		return lexer.Token{}, err
	}
	tok := lexer.Token{Type: typ, Value: l.value(l.src[i : i+n]), Pos: l.pos}
	l.advance(n)
	return tok, nil
}

// track keeps the bracket depth at the punctuation that begins with b.
func (l *hloLexer) track(b byte) error {
	switch b {
	case '(', '[', '{':
		if l.depth++; l.depth > MaxDepth {
			return &lexer.Error{Msg: fmt.Sprintf("nesting is deeper than %d levels", MaxDepth), Pos: l.pos}
		}
	case ')', ']', '}':
		l.depth--
	}
	return nil
}

func (l *hloLexer) advance(n int) { advancePos(&l.pos, l.src, n) }

// advancePos moves p past the n bytes of src at p.Offset, counting the
// lines they end.
func advancePos(p *lexer.Position, src []byte, n int) {
	seg := src[p.Offset : p.Offset+n]
	if lines := bytes.Count(seg, []byte{'\n'}); lines > 0 { // Count is vectorized, LastIndexByte a loop
		p.Line += lines
		p.Column = n - bytes.LastIndexByte(seg, '\n')
	} else {
		p.Column += n
	}
	p.Offset += n
}

func (l *hloLexer) at(i int) byte {
	if i < l.end {
		return l.src[i]
	}
	return 0
}

// scan returns the type and length of the token at i.
func (l *hloLexer) scan(i int) (lexer.TokenType, int, error) {
	c := l.src[i]
	switch {
	case isSpace(c):
		j := i + 1
		for j < l.end && isSpace(l.src[j]) {
			j++
		}
		return tokWhitespace, j - i, nil
	case c == '/' && (l.at(i+1) == '/' || l.at(i+1) == '*'):
		n, ok := commentLen(l.src[:l.end], i, l.step)
		if !ok {
			return 0, 0, l.errorf("unterminated comment")
		}
		return tokComment, n, nil
	case c == '"':
		n, ok := stringLen(l.src[:l.end], i, l.step)
		if !ok {
			return 0, 0, l.errorf("unterminated string")
		}
		return tokString, n, nil
	case c == '%':
		n := identLen(l.src[:l.end], i+1, l.step)
		if n == 0 {
			return 0, 0, l.errorf("expects name after '%%'")
		}
		return tokName, n + 1, nil
	case isIdentStart(c):
		return tokIdent, identLen(l.src[:l.end], i, l.step), nil
	case isDigit(c) || c == '-' && isDigit(l.at(i+1)):
		j := i + 1
		for j < l.end && isDigit(l.src[j]) {
			j++
		}
		return tokInt, j - i, nil
	case c == '-' && l.at(i+1) == '>', c == '<' && l.at(i+1) == '=':
		return tokPunct, 2, nil
	case c < 0x20 || c >= 0x7f:
		return 0, 0, l.errorf("unexpected character %s", ast.QuoteChar(l.src[i:l.end]))
	}
	return tokPunct, 1, nil
}

func (l *hloLexer) errorf(format string, args ...any) error {
	return &lexer.Error{Msg: fmt.Sprintf(format, args...), Pos: l.pos}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}
func isIdentChar(c byte) bool {
	return isIdentStart(c) || isDigit(c) || c == '.' || c == '-'
}

// identLen is the length of the identifier at src[i:] (XLA's
// [a-zA-Z_][a-zA-Z0-9_.-]*, digits allowed first after '%'), or 0.
func identLen(src []byte, i int, at stepper) int {
	j := i
	for j < len(src) && isIdentChar(src[j]) {
		at.step(j)
		j++
	}
	if j > i && src[i] == '-' {
		return 0
	}
	return j - i
}

// stepper tells a pass's release function (an ast.Behind's At) of its
// progress through a long token, every ast.ReleaseStep bytes; a nil
// stepper tells nothing.
type stepper func(off int)

func (at stepper) step(j int) {
	if at != nil && j&(ast.ReleaseStep-1) == 0 {
		at(j)
	}
}

// stringLen is the length of the string literal whose quote is src[i],
// and whether it is terminated.
func stringLen(src []byte, i int, at stepper) (int, bool) {
	for j := i + 1; j < len(src); j++ {
		at.step(j)
		switch src[j] {
		case '\\':
			j++
		case '"':
			return j + 1 - i, true
		}
	}
	return 0, false
}

// commentLen is the length of the `//` or `/*` comment at src[i], and
// whether a block comment is closed.
func commentLen(src []byte, i int, at stepper) (int, bool) {
	if src[i+1] == '/' {
		j := i
		for j < len(src) && src[j] != '\n' {
			at.step(j)
			j++
		}
		return j - i, true
	}
	for j := i + 2; j+1 < len(src); j++ {
		at.step(j)
		if src[j] == '*' && src[j+1] == '/' {
			return j + 2 - i, true
		}
	}
	return 0, false
}
