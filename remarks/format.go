package remarks

import (
	"bytes"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// arg is one of a remark's text fields.
type arg struct{ key, val string }

// args are the remark's non-empty text fields in the order they were
// added, as the YAML form lists them: Remark, Reason, Suggestion.
func args(r ast.Remark) []arg {
	var out []arg
	for _, a := range []arg{{"Remark", r.Message}, {"Reason", r.Reason}, {"Suggestion", r.Suggestion}} {
		if a.val != "" {
			out = append(out, a)
		}
	}
	return out
}

// Message is the remark as mlir-opt's emitRemark prints it after
// "remark: ": "[Kind] PASS | Category:CATEGORY | " and then the text
// fields sorted by key (Reason, Remark, Suggestion), each KEY=VALUE with
// the value in double quotes when it holds a space, a comma or a brace,
// joined by ", ".
func Message(r ast.Remark) string {
	var b strings.Builder
	b.WriteByte('[')
	b.WriteString(r.Kind.String())
	b.WriteString("] ")
	b.WriteString(r.Pass)
	b.WriteString(" | ")
	if r.Category != "" {
		b.WriteString("Category:")
		b.WriteString(r.Category)
		b.WriteString(" | ")
	}
	fields := args(r)
	sort.SliceStable(fields, func(i, j int) bool { return fields[i].key < fields[j].key })
	for i, a := range fields {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(a.key)
		b.WriteByte('=')
		if strings.ContainsAny(a.val, " ,{}") {
			b.WriteByte('"')
			b.WriteString(a.val)
			b.WriteByte('"')
		} else {
			b.WriteString(a.val)
		}
	}
	return b.String()
}

// WriteDiagnostic writes the remark as mlir-opt prints it on stderr:
// "FILE:LINE:COL: remark: MESSAGE", then, when src holds the position's
// line, that line and a caret under the column, tabs expanded to stops of
// eight as LLVM's SourceMgr does. src is the text the position's byte
// offset counts in; nil prints the first line only.
func WriteDiagnostic(w io.Writer, r ast.Remark, src []byte) error {
	var b bytes.Buffer
	b.WriteString(r.Pos.String())
	b.WriteString(": remark: ")
	b.WriteString(Message(r))
	b.WriteByte('\n')
	writeSourceLine(&b, r.Pos, src)
	_, err := w.Write(b.Bytes())
	return err
}

const tabStop = 8

// writeSourceLine writes the line that holds pos and a caret line.
func writeSourceLine(b *bytes.Buffer, pos ast.Pos, src []byte) {
	WriteSourceLine(b, pos, src, 0)
}

// WriteSourceLine writes the line of src that holds pos and a caret line
// under its column, as mlir-opt does after a diagnostic: tabs expanded to
// stops of eight, bytes that are not printable UTF-8 escaped as \xNN.
// With width > 0, a line wider than width columns is cut to a window of
// width columns around the caret. It writes nothing when src does not
// hold the position.
func WriteSourceLine(b *bytes.Buffer, pos ast.Pos, src []byte, width int) {
	if !pos.IsValid() || pos.Offset < 0 || pos.Offset > len(src) {
		return
	}
	start := bytes.LastIndexByte(src[:pos.Offset], '\n') + 1
	end := bytes.IndexByte(src[pos.Offset:], '\n')
	if end < 0 {
		end = len(src)
	} else {
		end += pos.Offset
	}
	line := bytes.TrimSuffix(src[start:end], []byte("\r"))
	// cells are the line's shown pieces, each at column col.
	type cell struct {
		text string
		col  int
	}
	var cells []cell
	caret, col := -1, 0
	for i := 0; i < len(line); {
		if i >= pos.Offset-start && caret < 0 {
			caret = col
		}
		r, n := utf8.DecodeRune(line[i:])
		var text string
		switch {
		case r == '\t':
			text = strings.Repeat(" ", tabStop-col%tabStop)
		case r == utf8.RuneError && n <= 1, r < 0x20, r == 0x7f, !unicode.IsPrint(r) && r != ' ':
			text = ""
			for _, c := range line[i : i+n] {
				text += fmt.Sprintf("\\x%02x", c)
			}
		default:
			text = string(line[i : i+n])
		}
		cells = append(cells, cell{text, col})
		col += utf8.RuneCountInString(text)
		i += n
	}
	if caret < 0 {
		caret = col
	}
	lo, hi := 0, col
	if width > 0 && col > width {
		lo = max(0, min(caret-width/2, col-width))
		hi = lo + width
	}
	for _, c := range cells {
		if c.col >= lo && c.col+utf8.RuneCountInString(c.text) <= hi {
			b.WriteString(c.text)
		} else if c.col < lo && c.col+utf8.RuneCountInString(c.text) > lo {
			lo = c.col + utf8.RuneCountInString(c.text) // a piece cut by the window's start is left out
		}
	}
	b.WriteByte('\n')
	b.WriteString(strings.Repeat(" ", max(0, caret-lo)))
	b.WriteString("^\n")
}
