package parser

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"
	"strings"
	"unsafe"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/mhlo-alias/mhlo-alias/ast"
)

// Token types of the signature lexer. Whitespace and comments are tokens
// too (elided by the grammar), so that a node's EndPos is the end of its
// last real token rather than the start of the next one.
const (
	tokEOF = lexer.EOF - iota
	tokWhitespace
	tokComment
	tokBracket // ( ) [ ] { } < >
	tokPunct   // , : = -> ? * and any other lone character
	tokIdent   // bare identifier: tensor, f32, mhlo.result_alias
	tokPercent // %arg0
	tokAt      // @main, @"quoted"
	tokHash    // #loc1, #mhlo.result_alias
	tokBang    // !mhlo.token
	tokInt     // 42, -1, 0x1F
	tokFloat   // 1.5, -2.0e-3
	tokString  // "text", quotes included
	tokDims    // the dimension list of a shaped type: "2x?x3x"
	tokMode    // the zero-width first token naming the grammar root
	tokLoc     // a whole location trailer: loc(...)
	tokHashRaw // a whole dialect attribute the tool does not read: #d.a<...>
	tokBangRaw // a whole dialect type with a body: !d.t<...>
)

var symbols = map[string]lexer.TokenType{
	"EOF":        tokEOF,
	"Whitespace": tokWhitespace,
	"Comment":    tokComment,
	"Bracket":    tokBracket,
	"Punct":      tokPunct,
	"Ident":      tokIdent,
	"Percent":    tokPercent,
	"At":         tokAt,
	"Hash":       tokHash,
	"Bang":       tokBang,
	"Int":        tokInt,
	"Float":      tokFloat,
	"String":     tokString,
	"Dims":       tokDims,
	"Mode":       tokMode,
	"Loc":        tokLoc,
	"HashRaw":    tokHashRaw,
	"BangRaw":    tokBangRaw,
}

// readAttrs are the dialect attributes with a body that the grammar reads;
// any other #dialect.attr<...> (and !dialect.type<...>) is one opaque token.
var readAttrs = map[string]bool{
	"#mhlo.result_alias":    true,
	"#mhlo.type_extensions": true,
	"#stablehlo.bounds":     true,
}

// MaxDepth bounds the nesting of brackets in a signature or attribute, so
// that no input can exhaust the stack of the recursive grammar.
const MaxDepth = 200

// definition is the participle lexer definition. Parsing never goes through
// its Lex method: the parser builds a lexer over a span of the file itself
// (newLexer), so that positions are those of the whole file.
type definition struct{}

func (definition) Symbols() map[string]lexer.TokenType { return symbols }

func (definition) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return newLexer(src, 0, len(src), lexer.Position{Filename: filename, Line: 1, Column: 1}, ""), nil
}

// sigLexer tokenizes src[start:end], with positions starting at pos.
type sigLexer struct {
	src    []byte
	str    string // src[base:end] as a string, which token values slice
	base   int
	end    int
	pos    lexer.Position
	depth  int
	shaped bool   // the last significant token was tensor, vector or memref
	dimsOK bool   // the next token may be a dimension list
	mode   string // emitted first as a Mode token, when set
	err    error
	// release, when set, is told of the text a long string's reading
	// has passed (Options.Release).
	release func(from, to int)
}

// newLexer returns a lexer over src[start:end] whose first token is a Mode
// token holding mode (which root of the grammar to parse), if mode is set.
func newLexer(src []byte, start, end int, pos lexer.Position, mode string) *sigLexer {
	pos.Offset = start
	// One string for the whole span: every token's value is a slice of
	// it, so that lexing allocates nothing per token.
	return &sigLexer{src: src, str: string(src[start:end]), base: start, end: end, pos: pos, mode: mode}
}

// viewLexer is newLexer without a mode whose token values are views of
// src, valid only while src is: for the decoder, which copies the few it
// keeps in its nodes (fastDecoder.keep), rather than the whole span.
func viewLexer(src []byte, start, end int, pos lexer.Position) *sigLexer {
	pos.Offset = start
	var str string
	if end > start {
		str = unsafe.String(&src[start], end-start)
	}
	return &sigLexer{src: src, str: str, base: start, end: end, pos: pos}
}

func (l *sigLexer) errorf(format string, args ...any) error {
	return &lexer.Error{Msg: fmt.Sprintf(format, args...), Pos: l.pos}
}

// skipIntegers passes, as Next would token by token, a run of decimal
// integers, commas and white space that starts with a digit and ends
// after a comma or white space: none of its tokens can be a lexer error
// or nest, so a long array of integers is checked at the speed of a
// byte loop.
func (l *sigLexer) skipIntegers() {
	i := l.pos.Offset
	if l.err != nil || l.mode != "" || i >= l.end || !isDigit(l.src[i]) {
		return
	}
	src := l.src[:l.end]
	// Eight bytes at a time while each is one of the run's, counting
	// the newlines and noting the last word holding one.
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	j, lines, nlWord, nlMask := i, 0, -1, uint64(0)
	for ; j+8 <= len(src); j += 8 {
		x := binary.LittleEndian.Uint64(src[j:])
		d := ((x + ones*0x50) &^ (x + ones*0x46)) & highs // '0' <= b <= '9'
		nl := byteIs(x, '\n')
		if x&highs != 0 || d|nl|byteIs(x, ',')|byteIs(x, ' ')|byteIs(x, '\t')|byteIs(x, '\r') != highs {
			break
		}
		if nl != 0 {
			lines += bits.OnesCount64(nl)
			nlWord, nlMask = j, nl
		}
	}
	// The offset after the last separator of the run: back from the
	// words' end, then on a byte at a time.
	last := i
	for k := j - 1; k >= i; k-- {
		if c := src[k]; c == ',' || isSpace(c) {
			last = k + 1
			break
		}
	}
	for ; j < len(src); j++ {
		c := src[j]
		if c == ',' || isSpace(c) {
			last = j + 1
			if c == '\n' {
				lines, nlWord, nlMask = lines+1, j, 1<<7
			}
		} else if !isDigit(c) {
			break
		}
	}
	if last == i {
		return
	}
	// Every newline counted is a separator, so before last.
	n := last - i
	if lines == 0 {
		l.pos.Column += n
	} else {
		nlAt := nlWord + (63-bits.LeadingZeros64(nlMask))/8
		l.pos.Line += lines
		l.pos.Column = last - nlAt
	}
	l.pos.Offset = last
	l.dimsOK, l.shaped = false, false
}

// Next returns the next token.
func (l *sigLexer) Next() (lexer.Token, error) {
	if l.err != nil {
		return lexer.Token{}, l.err
	}
	if l.mode != "" {
		tok := lexer.Token{Type: tokMode, Value: l.mode, Pos: l.pos}
		l.mode = ""
		return tok, nil
	}
	i := l.pos.Offset
	if i >= l.end {
		return lexer.EOFToken(l.pos), nil
	}
	typ, n, err := l.scan(i)
	if err != nil {
		l.err = err
		return lexer.Token{}, err
	}
	tok := lexer.Token{Type: typ, Value: l.str[i-l.base : i-l.base+n], Pos: l.pos}
	l.advance(n)
	if typ != tokWhitespace && typ != tokComment && !l.track(typ, tok.Value) {
		l.err = &lexer.Error{Msg: fmt.Sprintf("nesting is deeper than %d levels", MaxDepth), Pos: tok.Pos}
		return lexer.Token{}, l.err
	}
	return tok, nil
}

// track keeps the bracket depth and notes when a dimension list may
// follow; it reports false when the nesting is too deep.
func (l *sigLexer) track(typ lexer.TokenType, v string) bool {
	l.dimsOK = false
	switch typ {
	case tokBracket:
		switch v[0] {
		case '(', '[', '{', '<':
			l.depth++
			if l.depth > MaxDepth {
				return false
			}
			l.dimsOK = v[0] == '<' && l.shaped
		default:
			l.depth--
		}
	case tokIdent:
		l.shaped = len(v) == 6 && (v == "tensor" || v == "vector" || v == "memref")
		return true
	}
	l.shaped = false
	return true
}

func (l *sigLexer) advance(n int) {
	l.advanceType(tokWhitespace, n)
}

// advanceType is advance past a token of type typ: only white space,
// strings, dimension lists and the tokens kept whole (locations, dialect
// attributes and types) can hold a newline.
func (l *sigLexer) advanceType(typ lexer.TokenType, n int) {
	switch typ {
	case tokIdent, tokPunct, tokBracket, tokPercent, tokHash, tokBang, tokInt, tokFloat,
		tokString: // a string holds no line break (badInString)
		l.pos.Column += n
		l.pos.Offset += n
		return
	}
	// A step at a time, each passed told to release: a token can be
	// megabytes (a dialect attribute read whole).
	behind := ast.Behind{Release: l.release}
	last := -1 // the offset in the token of its last newline
	for a := 0; a < n; a += ast.ReleaseStep {
		behind.At(l.pos.Offset + a)
		seg := l.src[l.pos.Offset+a : l.pos.Offset+min(a+ast.ReleaseStep, n)]
		if lines := bytes.Count(seg, []byte{'\n'}); lines > 0 {
			l.pos.Line += lines
			last = a + bytes.LastIndexByte(seg, '\n')
		}
	}
	if last >= 0 {
		l.pos.Column = n - last
	} else {
		l.pos.Column += n
	}
	l.pos.Offset += n
}

func (l *sigLexer) at(i int) byte {
	if i < l.end {
		return l.src[i]
	}
	return 0
}

// scan returns the type and length of the token at i.
func (l *sigLexer) scan(i int) (lexer.TokenType, int, error) {
	c := l.src[i]
	switch charClass[c] {
	case classIdent:
		n := identLen(l.src[:l.end], i)
		if n == 3 && string(l.src[i:i+3]) == "loc" {
			if j := l.skipSpace(i + 3); l.at(j) == '(' {
				m, err := l.balanced(j, '(', ')')
				return tokLoc, j + m - i, err
			}
		}
		return tokIdent, n, nil
	case classBracket:
		return tokBracket, 1, nil
	case classSpace:
		j := i + 1
		for j < l.end && isSpace(l.src[j]) {
			j++
		}
		return tokWhitespace, j - i, nil
	case classQuote:
		n, ok, k, msg := l.stringToken(i)
		if !ok {
			return 0, 0, l.errorf("expected '\"' in string literal")
		}
		if k >= 0 {
			l.advance(1 + k)
			return 0, 0, l.errorf("%s", msg)
		}
		return tokString, n, nil
	case classDigit:
		if l.dimsOK {
			if n := dimsLen(l.src[:l.end], i); n > 0 {
				return tokDims, n, nil
			}
		}
		return l.number(i)
	case classPrefix:
		return l.prefixed(i)
	case classDimsPunct: // '?' and '*'
		if l.dimsOK {
			if n := dimsLen(l.src[:l.end], i); n > 0 {
				return tokDims, n, nil
			}
		}
	case classSlash:
		if l.at(i+1) == '/' {
			var at func(off int)
			if l.release != nil {
				behind := ast.Behind{Release: l.release}
				at = behind.At
			}
			j := indexByteBehind(l.src[:l.end], i, '\n', at)
			if j < 0 {
				j = l.end - i
			}
			return tokComment, j, nil
		}
	case classMinus:
		if l.at(i+1) == '>' {
			return tokPunct, 2, nil
		}
		if isDigit(l.at(i + 1)) {
			return l.number(i)
		}
	case classBad:
		// MLIR's lexer rejects any character it has no token for; a
		// control byte or a non-ASCII one starts none here.
		return 0, 0, l.errorf("unexpected character %s", ast.QuoteChar(l.src[i:l.end]))
	}
	return tokPunct, 1, nil
}

// The classes of charClass: what a token starting with the byte can be.
const (
	classPunct     = iota // any other lone character
	classIdent            // _ a-z A-Z
	classBracket          // ( ) [ ] { } < >
	classSpace            // ' ' \t \n \r
	classQuote            // "
	classDigit            // 0-9
	classPrefix           // % @ # !
	classDimsPunct        // ? *
	classSlash            // /
	classMinus            // -
	classBad              // control bytes, DEL, non-ASCII
)

// charClass maps the first byte of a token to its class.
var charClass = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			t[c] = classSpace
		case c >= 0x80 || c < 0x20 || c == 0x7f:
			t[c] = classBad
		case isIdentStart(byte(c)):
			t[c] = classIdent
		case isDigit(byte(c)):
			t[c] = classDigit
		}
	}
	for _, c := range "()[]{}<>" {
		t[c] = classBracket
	}
	for _, c := range "%@#!" {
		t[c] = classPrefix
	}
	t['"'], t['?'], t['*'], t['/'], t['-'] = classQuote, classDimsPunct, classDimsPunct, classSlash, classMinus
	return t
}()

// prefixed scans %name, @name, @"name", #name and !name.
func (l *sigLexer) prefixed(i int) (lexer.TokenType, int, error) {
	typ := prefixType(l.src[i])
	if typ == tokAt && l.at(i+1) == '"' {
		n, ok := stringLen(l.src[:l.end], i+1)
		if !ok {
			return 0, 0, l.errorf("expected '\"' in string literal")
		}
		return tokAt, n + 1, nil
	}
	j := i + 1
	for j < l.end && (isIdentChar(l.src[j]) || l.src[j] == '-' || (typ == tokPercent && l.src[j] == '#')) {
		j++
	}
	if j == i+1 {
		return 0, 0, l.errorf("invalid symbol %q", string(l.src[i]))
	}
	if (typ == tokHash || typ == tokBang) && l.at(j) == '<' && !readAttrs[string(l.src[i:j])] {
		// Locations and dialect attributes the tool never reads are kept
		// whole: fewer tokens, and their syntax is theirs to define.
		m, err := l.balanced(j, '<', '>')
		if typ == tokHash {
			return tokHashRaw, j + m - i, err
		}
		return tokBangRaw, j + m - i, err
	}
	return typ, j - i, nil
}

func (l *sigLexer) skipSpace(i int) int {
	for i < l.end && isSpace(l.src[i]) {
		i++
	}
	return i
}

// balanced returns the length of the group that the bracket open at i
// starts, up to its matching close; strings are skipped and, in angle
// brackets, an arrow "->" is not a bracket. Nesting is counted, not
// recursed into, so no depth of input is a problem.
func (l *sigLexer) balanced(i int, open, close byte) (int, error) {
	depth := 0
	behind, next := ast.Behind{Release: l.release}, i // a group of megabytes is read a step at a time
	for j := i; j < l.end; j++ {
		if j >= next {
			behind.At(j)
			next = j + ast.ReleaseStep
		}
		switch c := l.src[j]; {
		case c == '"':
			n, ok, k, msg := l.stringToken(j)
			if !ok {
				return 0, l.errorf("expected '\"' in string literal")
			}
			if k >= 0 {
				l.advance(j + 1 + k - l.pos.Offset)
				return 0, l.errorf("%s", msg)
			}
			j += n - 1
		case c == open:
			depth++
			if l.depth+depth > MaxDepth {
				return 0, l.errorf("nesting is deeper than %d levels", MaxDepth)
			}
		case c == close && !(close == '>' && j > i && l.src[j-1] == '-'):
			depth--
			if depth == 0 {
				return j + 1 - i, nil
			}
		}
	}
	return 0, l.errorf("unbalanced '%c'", open)
}

// number scans an integer or a float.
func (l *sigLexer) number(i int) (lexer.TokenType, int, error) {
	j := i
	if l.src[j] == '-' {
		j++
	}
	if l.at(j) == '0' && l.at(j+1) == 'x' && isHex(l.at(j+2)) {
		j += 2
		for j < l.end && isHex(l.src[j]) {
			j++
		}
		return tokInt, j - i, nil
	}
	for j < l.end && isDigit(l.src[j]) {
		j++
	}
	if l.at(j) != '.' {
		return tokInt, j - i, nil
	}
	j++
	for j < l.end && isDigit(l.src[j]) {
		j++
	}
	if c := l.at(j); c == 'e' || c == 'E' {
		k := j + 1
		if c := l.at(k); c == '+' || c == '-' {
			k++
		}
		if isDigit(l.at(k)) {
			for k < l.end && isDigit(l.src[k]) {
				k++
			}
			j = k
		}
	}
	return tokFloat, j - i, nil
}

// dimsLen returns the length of a dimension list "2x?x3x" or "*x" at i,
// or 0. The list ends after its last 'x'; the element type follows. As in
// MLIR, white space may stand around the x's: "2 x ? x f32".
func dimsLen(src []byte, i int) int {
	if i+1 < len(src) && src[i] == '*' && src[i+1] == 'x' {
		return 2
	}
	j, last := i, 0
	for j < len(src) {
		k := j
		if src[k] == '?' {
			k++
		} else {
			for k < len(src) && isDigit(src[k]) {
				k++
			}
		}
		for k < len(src) && isSpace(src[k]) && k > j {
			k++
		}
		if k == j || k >= len(src) || src[k] != 'x' {
			break
		}
		k++
		last = k
		for k < len(src) && isSpace(src[k]) {
			k++
		}
		j = k
	}
	return last - i
}

// stringToken reads the string literal at the quote src[i]: its length,
// whether it is terminated, and, in its body, the offset of what MLIR's
// lexer rejects there and the message (badInString), or -1. A string of
// more than a ReleaseStep is read a step at a time, each of the two passes
// over it telling release what it has passed, so that it costs a window
// of memory however long it is.
func (l *sigLexer) stringToken(i int) (n int, ok bool, bad int, msg string) {
	src := l.src[:l.end]
	var end int
	var ends, checks func(off int)
	if l.release != nil {
		if end, ok = skipString(src[:min(len(src), i+1+ast.ReleaseStep)], i); !ok {
			b1, b2 := ast.Behind{Release: l.release}, ast.Behind{Release: l.release}
			ends, checks = b1.At, b2.At
		}
	}
	if !ok {
		if end, ok = skipStringBehind(src, i, ends); !ok {
			return end - i, false, -1, ""
		}
	}
	bad, msg = badInStringBehind(src[i+1:end-1], i+1, checks)
	return end - i, true, bad, msg
}

// stringLen returns the length of the string literal starting at the quote
// src[i], quotes included, and reports whether it is terminated.
func stringLen(src []byte, i int) (int, bool) {
	end, ok := skipString(src, i)
	return end - i, ok
}

// badInString returns the offset in the body of a string literal (the
// text between its quotes) of what MLIR's lexer rejects there, and the
// message it gives, or -1: an escape other than \" \\ \n \t and two hex
// digits, or a line break.
func badInString(body []byte) (int, string) { return badInStringBehind(body, 0, nil) }

// badInStringBehind is badInString for a body at offset at of the text,
// telling b (when set) how far it has read.
func badInStringBehind(body []byte, at int, b func(off int)) (int, string) {
	if len(body) <= shortBody {
		return badInShortString(body)
	}
	return badInLongString(body, at, b)
}

// badInLongString is badInString with bytes.IndexByte for each byte it
// looks for, a ReleaseStep of the body at a time (b, when set, told each
// step's offset in the text, the body's at plus its own).
func badInLongString(body []byte, at int, b func(off int)) (int, string) {
	j := 0 // where the escapes are looked for from
	for a := 0; a < len(body); a += ast.ReleaseStep {
		if b != nil {
			b(at + a)
		}
		stop := min(a+ast.ReleaseStep, len(body))
		end := stop // the first line break in the step, if any
		for _, c := range []byte("\n\v\f") {
			if k := bytes.IndexByte(body[a:end], c); k >= 0 {
				end = a + k
			}
		}
		for j = max(j, a); j < end; j++ {
			k := bytes.IndexByte(body[j:end], '\\')
			if k < 0 {
				break
			}
			j += k
			n := escapeLen(body, j)
			if n < 0 {
				return j, "unknown escape in string literal"
			}
			j += n
		}
		if end < stop {
			return end, "expected '\"' in string literal"
		}
	}
	return -1, ""
}

// shortBody is the longest string body badInString reads a byte at a
// time: for a short one, a call of bytes.IndexByte for each byte it looks
// for costs more than the bytes (an array of millions of "x").
const shortBody = 32

// badInShortString is badInString in one pass over the bytes.
func badInShortString(body []byte) (int, string) {
	for j := 0; j < len(body); j++ {
		switch body[j] {
		case '\n', '\v', '\f':
			return j, "expected '\"' in string literal"
		case '\\':
			n := escapeLen(body, j)
			if n < 0 {
				return j, "unknown escape in string literal"
			}
			j += n
		}
	}
	return -1, ""
}

// escapeLen is how many bytes after the backslash at body[j] its escape
// takes (`\"`, `\\`, `\n`, `\t` or two hex digits), or -1 when it is none.
func escapeLen(body []byte, j int) int {
	switch {
	case j+1 < len(body) && strings.IndexByte(`"\nt`, body[j+1]) >= 0:
		return 1
	case j+2 < len(body) && isHex(body[j+1]) && isHex(body[j+2]):
		return 2
	}
	return -1
}

func isSpace(c byte) bool      { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
func isDigit(c byte) bool      { return c >= '0' && c <= '9' }
func isHex(c byte) bool        { return isDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'f') }
func isIdentStart(c byte) bool { return c == '_' || (c|0x20 >= 'a' && c|0x20 <= 'z') }
func isIdentChar(c byte) bool  { return isIdentStart(c) || isDigit(c) || c == '$' || c == '.' }

func identLen(src []byte, i int) int {
	j := i + 1
	for j < len(src) && identChar[src[j]] {
		j++
	}
	return j - i
}

// identChar marks the bytes isIdentChar accepts.
var identChar = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		t[c] = isIdentChar(byte(c))
	}
	return t
}()

func prefixType(c byte) lexer.TokenType {
	switch c {
	case '%':
		return tokPercent
	case '@':
		return tokAt
	case '#':
		return tokHash
	}
	return tokBang
}
