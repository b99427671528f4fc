package model

import (
	"bytes"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// Name is the name a producer gave a parameter or an output: a JAX
// pytree path (`params['w']`), a torch-neuronx NEFF input name
// (`input14`), an HLO instruction name. Its zero value is no name.
//
// A name is read once, from the module's text, and kept short: a name of
// at most NameKeep bytes is held whole; a longer one keeps its first
// NameKeep bytes and where it is written (its span and escapes), so that
// a 50 MB name costs NameKeep bytes. Text printing cuts a name to
// NameChars characters (Suffix); JSON prints it whole, reading a long
// one from the text again (WriteJSON).
type Name struct {
	text string // the name; a long name's first NameKeep bytes
	// long is where a long name is written, nil for a name held whole: a
	// config holds one Name for each of up to hundreds of thousands of
	// parameters, and long names are rare.
	long *nameSpan
}

// nameSpan is a long name's content in the module's text, as written
// (between the quotes, escapes not undone).
type nameSpan struct {
	at, end int
	esc     Escapes
}

// Escapes says how a name is written in the text.
type Escapes uint8

// The ways a name is written.
const (
	// Raw bytes: a protobuf string, an HLO instruction name.
	Raw Escapes = iota
	// The inside of an MLIR string literal: \" \\ \n \t and \XX (two hex
	// digits).
	MLIRString
	// The inside of an HLO text string literal, as XLA's CUnescape reads
	// it: \n \t \r \a \b \f \v \\ \' \" \?, \xH[H], \o[o[o]], \uXXXX and
	// \UXXXXXXXX.
	CString
)

// NameKeep is the most bytes of a name a config holds: a longer name is
// kept as its first NameKeep bytes and its span.
const NameKeep = 1024

// NameChars is the most characters a name is printed with in text: a
// longer one is cut to its first NameChars-3 characters and "...".
const NameChars = 80

// NewName reads the name written as src[at:end] with the escapes esc.
// An empty name is no name.
func NewName(src []byte, at, end int, esc Escapes) Name {
	if at < 0 || end > len(src) || at >= end {
		return Name{}
	}
	if end-at <= NameKeep && (esc == Raw || bytes.IndexByte(src[at:end], '\\') < 0) {
		return Name{text: string(src[at:end])} // nothing to undo: one copy
	}
	text, n := unescape(make([]byte, 0, min(end-at, NameKeep)+utf8.UTFMax), src[at:end], esc, NameKeep)
	if len(text) == 0 && n == end-at {
		return Name{}
	}
	if n == end-at {
		return Name{text: string(text)}
	}
	return Name{text: string(text), long: &nameSpan{at: at, end: end, esc: esc}}
}

// IsZero reports whether n is no name.
func (n Name) IsZero() bool { return n.text == "" }

// Long reports whether n is longer than NameKeep bytes, so that String
// holds only its beginning.
func (n Name) Long() bool { return n.long != nil }

// String is the name, or its first NameKeep bytes when it is long.
func (n Name) String() string { return n.text }

// Cut is the name as text prints it: whole when it has at most NameChars
// characters, else its first NameChars-3 characters and "...".
func (n Name) Cut() string {
	s := n.text
	if !n.Long() && utf8.RuneCountInString(s) <= NameChars {
		return s
	}
	i, k := 0, 0
	for k < NameChars-3 && i < len(s) {
		_, w := utf8.DecodeRuneInString(s[i:])
		i += w
		k++
	}
	return s[:i] + "..."
}

// Quoted is Cut in double quotes, with Go's escapes for quotes,
// backslashes and bytes that are not printable: `"params['w']"`.
func (n Name) Quoted() string { return strconv.Quote(n.Cut()) }

// Suffix is what follows a number that n names in a message: a space and
// Quoted, or "" for no name. "parameter 14" + Suffix reads
// `parameter 14 "params['w']"`.
func (n Name) Suffix() string {
	if n.IsZero() {
		return ""
	}
	return " " + n.Quoted()
}

// JSONWriter is what WriteJSON writes to: a strings.Builder, a
// bufio.Writer.
type JSONWriter interface {
	io.Writer
	io.StringWriter
	io.ByteWriter
}

// WriteJSON writes n as a JSON string, or null for no name. A long name
// is read whole from src, the text of the module it was read from, a
// piece at a time; without src (or when src no longer holds it) its first
// NameKeep bytes are written.
func (n Name) WriteJSON(w JSONWriter, src []byte) {
	if n.IsZero() {
		w.WriteString("null")
		return
	}
	if n.long == nil || n.long.end > len(src) {
		w.WriteString(JSONString(n.text))
		return
	}
	w.WriteByte('"')
	var buf, carry []byte
	for rest := src[n.long.at:n.long.end]; len(rest) > 0; {
		var k int
		buf, k = unescape(append(buf[:0], carry...), rest, n.long.esc, 4096)
		rest = rest[k:]
		// A character split between two pieces waits for the next.
		cut := len(buf)
		if len(rest) > 0 {
			for j := 1; j <= utf8.UTFMax-1 && j <= len(buf); j++ {
				if utf8.RuneStart(buf[len(buf)-j]) {
					if !utf8.FullRune(buf[len(buf)-j:]) {
						cut = len(buf) - j
					}
					break
				}
			}
		}
		writeJSONChars(w, buf[:cut])
		carry = append(carry[:0], buf[cut:]...)
	}
	writeJSONChars(w, carry)
	w.WriteByte('"')
}

// writeJSONChars writes s as the inside of a JSON string, escaped as
// JSONString escapes.
func writeJSONChars(w JSONWriter, s []byte) {
	const digits = "0123456789abcdef"
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		size := 1
		switch {
		case c >= 0x20 && c < 0x7f && c != '"' && c != '\\':
			i++
			continue
		case c >= 0x80:
			var r rune
			r, size = utf8.DecodeRune(s[i:])
			if r != utf8.RuneError {
				i += size
				continue
			}
			c = 0 // U+FFFD, below
		}
		w.Write(s[start:i])
		switch {
		case c == '"' || c == '\\':
			w.WriteByte('\\')
			w.WriteByte(c)
		case size > 1 || s[i] >= 0x80:
			w.WriteString(`\ufffd`)
		default:
			w.WriteString(`\u00`)
			w.WriteByte(digits[c>>4])
			w.WriteByte(digits[c&15])
		}
		i += size
		start = i
	}
	w.Write(s[start:])
}

// UnescapeLimit is the longest text with escapes Unescaped copies, so
// that reading a value costs at most a constant beyond the input.
const UnescapeLimit = 1 << 20

// Unescaped is the text src holds, escapes esc undone: src itself, not
// a copy, when it holds no escape; false when it holds one and is longer
// than UnescapeLimit.
func Unescaped(src []byte, esc Escapes, release func(from, to int)) ([]byte, bool) {
	if esc == Raw || !hasEscape(src, release) {
		return src, true
	}
	if len(src) > UnescapeLimit {
		return nil, false
	}
	text, _ := unescape(make([]byte, 0, len(src)), src, esc, len(src))
	return text, true
}

// hasEscape reports whether src holds a backslash, searched a
// ast.ReleaseStep at a time, release (when set) told of each step passed
// (offsets into src).
func hasEscape(src []byte, release func(from, to int)) bool {
	behind := ast.Behind{Release: release}
	for a := 0; a < len(src); a += ast.ReleaseStep {
		behind.At(a)
		if bytes.IndexByte(src[a:min(a+ast.ReleaseStep, len(src))], '\\') >= 0 {
			return true
		}
	}
	return false
}

// EscapedOffset is the offset in src of byte off of Unescaped(src, esc):
// where the escape that writes that byte begins.
func EscapedOffset(src []byte, esc Escapes, off int) int {
	if esc == Raw {
		return min(off, len(src))
	}
	var buf [utf8.UTFMax]byte
	i := 0
	for n := 0; i < len(src) && n < off; {
		d, k := buf[:1], 1
		if src[i] == '\\' && i+1 < len(src) {
			d, k = unescapeOne(buf[:0], src[i:], esc)
		}
		if n+len(d) > off {
			break // off is inside a character an escape writes
		}
		i, n = i+k, n+len(d)
	}
	return i
}

// unescape appends to dst the text src holds, escapes undone, until it
// has added limit bytes or src ends; it returns dst and how many bytes
// of src it read (never part of an escape). An escape that is not one is
// kept as written.
func unescape(dst, src []byte, esc Escapes, limit int) ([]byte, int) {
	start := len(dst)
	i := 0
	for i < len(src) && len(dst)-start < limit {
		c := src[i]
		if c != '\\' || esc == Raw || i+1 >= len(src) {
			dst = append(dst, c)
			i++
			continue
		}
		var n int
		dst, n = unescapeOne(dst, src[i:], esc)
		i += n
	}
	return dst, i
}

// unescapeOne appends what the escape at src[0] (a backslash) stands for
// and returns how many bytes it takes.
func unescapeOne(dst, src []byte, esc Escapes) ([]byte, int) {
	c := src[1]
	switch c {
	case '"', '\\':
		return append(dst, c), 2
	case 'n':
		return append(dst, '\n'), 2
	case 't':
		return append(dst, '\t'), 2
	}
	if esc == MLIRString {
		if len(src) >= 3 && isHex(src[1]) && isHex(src[2]) {
			return append(dst, hexVal(src[1])<<4|hexVal(src[2])), 3
		}
		return append(dst, '\\'), 1
	}
	if b, ok := cEscapes[c]; ok {
		return append(dst, b), 2
	}
	switch {
	case c >= '0' && c <= '7':
		v, n := 0, 1
		for n < 4 && n < len(src) && src[n] >= '0' && src[n] <= '7' {
			v = v<<3 | int(src[n]-'0')
			n++
		}
		return append(dst, byte(v)), n
	case c == 'x' && len(src) >= 3 && isHex(src[2]):
		v, n := hexVal(src[2]), 3
		if n < len(src) && isHex(src[n]) {
			v, n = v<<4|hexVal(src[n]), n+1
		}
		return append(dst, v), n
	case c == 'u' || c == 'U':
		digits := 4
		if c == 'U' {
			digits = 8
		}
		if len(src) >= 2+digits {
			if v, err := strconv.ParseUint(string(src[2:2+digits]), 16, 32); err == nil && utf8.ValidRune(rune(v)) {
				return utf8.AppendRune(dst, rune(v)), 2 + digits
			}
		}
	}
	return append(dst, '\\'), 1
}

var cEscapes = map[byte]byte{'r': '\r', 'a': '\a', 'b': '\b', 'f': '\f', 'v': '\v', '\'': '\'', '?': '?'}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func hexVal(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

// Names are the names a producer gave the entry's parameters and
// outputs. A name is per parameter and per output element, never per
// leaf: a leaf is named by the parameter or element that holds it, and
// shown with its index.
type Names struct {
	// Params holds the name of each argument, as Source.Args numbers
	// them: parameter i, or with Source.TupleArgs parameter 0 at {i}.
	// Nil when none has a name.
	Params []Name
	// Outputs holds the name of each element {i} of a tuple output,
	// nil when none has a name; Output names the whole output, and every
	// part of it that Outputs leaves unnamed.
	Outputs []Name
	Output  Name
}

// ParamName is the name of parameter param, whose leaf at index is
// meant (with Source.TupleArgs, the name of argument index[0]); zero
// when it has none.
func (c *Config) ParamName(param int64, index ShapeIndex) Name {
	if c == nil {
		return Name{}
	}
	arg := c.arg(param, index)
	if arg < 0 || arg >= int64(len(c.Names.Params)) {
		return Name{}
	}
	return c.Names.Params[arg]
}

// OutputName is the name of the output at index out: that of the
// element {out[0]} holding it, else the whole output's; zero when it has
// none.
func (c *Config) OutputName(out ShapeIndex) Name {
	if c == nil {
		return Name{}
	}
	if len(out) > 0 && out[0] >= 0 && out[0] < int64(len(c.Names.Outputs)) {
		if n := c.Names.Outputs[out[0]]; !n.IsZero() {
			return n
		}
	}
	return c.Names.Output
}

// ParamLabel is `parameter N "name"`, or `parameter N` without a name,
// for messages about parameter param at index (the index is not
// printed).
func (c *Config) ParamLabel(param int64, index ShapeIndex) string {
	return "parameter " + strconv.FormatInt(param, 10) + c.ParamName(param, index).Suffix()
}

// OutputLabel is `output {0} "name"`, or `output {0}` without a name.
func (c *Config) OutputLabel(out ShapeIndex) string {
	return "output " + out.String() + c.OutputName(out).Suffix()
}

// OutputIndexLabel is `output index {0} "name"`, or `output index {0}`
// without a name.
func (c *Config) OutputIndexLabel(out ShapeIndex) string {
	return "output index " + out.String() + c.OutputName(out).Suffix()
}

// RawName is the name written as the bytes src[at:end] of the module's
// text, without escapes, of which head holds the first (at least
// NameKeep, or all): a protobuf string read a piece at a time.
func RawName(head []byte, at, end int) Name {
	if len(head) == 0 || at < 0 || at >= end {
		return Name{}
	}
	if end-at <= NameKeep && len(head) >= end-at {
		return Name{text: string(head[:end-at])}
	}
	return Name{text: string(head[:min(len(head), NameKeep)]), long: &nameSpan{at: at, end: end, esc: Raw}}
}

// ArgLabel is `argument N "name"`, or `argument N` without a name: the
// entry function's argument N, parameter N or, with Source.TupleArgs,
// parameter 0 at {N}.
func (c *Config) ArgLabel(arg int) string {
	var n Name
	if c != nil && arg >= 0 && arg < len(c.Names.Params) {
		n = c.Names.Params[arg]
	}
	return "argument " + strconv.Itoa(arg) + n.Suffix()
}
