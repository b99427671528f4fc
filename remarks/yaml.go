package remarks

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// WriteYAML writes the remark as one record of LLVM's YAML remark format,
// as mlir-opt --remark-format=yaml writes it:
//
//	--- !Missed
//	Pass:            donor-unused
//	Name:            aws_neuron_buffer_donation_to_alias
//	DebugLoc:        { File: f.mlir, Line: 3, Column: 19 }
//	Function:        main
//	Args:
//	  - Remark:          'donor parameter 1 at {} f32[8,4]{1,0} is not used by any output'
//	  - Reason:          'none: no output has this shape, these dimensions or this byte size'
//	...
//
// As in MLIR, "Pass" holds the category and "Name" the pass; keys are
// padded to sixteen columns, scalars quoted as LLVM's YAML writer quotes
// them, and the DebugLoc flow mapping wraps after column 70.
func WriteYAML(w io.Writer, r ast.Remark) error {
	var b strings.Builder
	fmt.Fprintf(&b, "--- !%s\n", r.Kind)
	key(&b, "Pass", r.Category)
	key(&b, "Name", r.Pass)
	b.WriteString(padded("DebugLoc"))
	debugLoc(&b, r.Pos)
	fn := r.Function
	if fn == "" {
		fn = "<unknown function>"
	}
	key(&b, "Function", fn)
	if a := args(r); len(a) > 0 {
		b.WriteString("Args:\n")
		for _, x := range a {
			b.WriteString("  - ")
			key(&b, x.key, x.val)
		}
	}
	b.WriteString("...\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// padded is a block mapping key as LLVM's YAML output pads it: the key, a
// colon, and spaces up to sixteen columns past the key's start (one at
// least).
func padded(k string) string {
	return k + ":" + strings.Repeat(" ", max(1, 16-len(k)))
}

func key(b *strings.Builder, k, v string) {
	b.WriteString(padded(k))
	b.WriteString(Scalar(v))
	b.WriteByte('\n')
}

// wrapColumn is LLVM's yaml::Output default wrap column for flow style.
const wrapColumn = 70

// debugLoc writes "{ File: F, Line: L, Column: C }" starting at column 17,
// breaking before a key once the line is past wrapColumn, as LLVM does.
func debugLoc(b *strings.Builder, pos ast.Pos) {
	file := pos.Filename
	if file == "" {
		file = "<unknown file>"
	}
	const start = 17 // after the padded "DebugLoc:" key
	col := start
	write := func(s string) {
		b.WriteString(s)
		col += len(s)
	}
	write("{ ")
	for i, kv := range [][2]string{{"File", Scalar(file)}, {"Line", strconv.Itoa(pos.Line)}, {"Column", strconv.Itoa(pos.Column)}} {
		if i > 0 {
			write(", ")
		}
		if col > wrapColumn {
			b.WriteString("\n" + strings.Repeat(" ", start))
			col = start
			write("  ")
		}
		write(kv[0] + ": " + kv[1])
	}
	write(" }")
	b.WriteByte('\n')
}

// Scalar quotes s as LLVM's YAML writer does (yaml::needsQuotes): plain
// when it is safe, in single quotes (a quote doubled) when it starts with
// an indicator, has an unsafe character or looks like a null, a boolean or
// a number, and in double quotes with escapes when it has control or
// non-ASCII bytes.
func Scalar(s string) string {
	switch needsQuotes(s) {
	case quoteNone:
		return s
	case quoteSingle:
		return "'" + strings.ReplaceAll(s, "'", "''") + "'"
	}
	return doubleQuote(s)
}

type quoting int

const (
	quoteNone quoting = iota
	quoteSingle
	quoteDouble
)

func needsQuotes(s string) quoting {
	switch s {
	case "", "null", "Null", "NULL", "~", "true", "True", "TRUE", "false", "False", "FALSE":
		return quoteSingle
	}
	q := quoteNone
	if isSpace(s[0]) || isSpace(s[len(s)-1]) || isNumeric(s) {
		q = quoteSingle
	}
	if strings.IndexByte("-?:\\,[]{}#&*!|>'\"%@`", s[0]) >= 0 {
		q = quoteSingle
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isAlnum(c), c == '_', c == '-', c == '^', c == '.', c == ',', c == ' ', c == '\t':
		case c == '\n' || c == '\r':
			q = quoteSingle
		case c == 0x7f, c < 0x20, c >= 0x80:
			return quoteDouble
		default:
			q = quoteSingle
		}
	}
	return q
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// isNumeric is YAML 1.2's core-schema number test, as LLVM's isNumeric.
func isNumeric(s string) bool {
	switch s {
	case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN":
		return true
	}
	t := strings.TrimLeft(s, "+-")
	if len(s)-len(t) > 1 {
		return false
	}
	if strings.HasPrefix(s, "0x") && len(s) > 2 {
		return strings.Trim(s[2:], "0123456789abcdefABCDEF") == ""
	}
	if strings.HasPrefix(s, "0o") && len(s) > 2 {
		return strings.Trim(s[2:], "01234567") == ""
	}
	// [-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?
	digits := func() int {
		n := len(t)
		t = strings.TrimLeft(t, "0123456789")
		return n - len(t)
	}
	n := digits()
	if strings.HasPrefix(t, ".") {
		t = t[1:]
		n += digits()
	}
	if n == 0 {
		return false
	}
	if t != "" && (t[0] == 'e' || t[0] == 'E') {
		if t = t[1:]; t != "" && (t[0] == '+' || t[0] == '-') {
			t = t[1:]
		}
		if digits() == 0 {
			return false
		}
	}
	return t == ""
}

// doubleQuote writes s in double quotes with YAML escapes.
func doubleQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02X`, r)
		case r >= 0x80 && r <= 0xffff:
			fmt.Fprintf(&b, `\u%04X`, r)
		case r > 0xffff:
			fmt.Fprintf(&b, `\U%08X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
