package remarks

import (
	"bytes"
	"io"
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
	b.WriteString("[" + r.Kind.String() + "] " + r.Pass + " | ")
	if r.Category != "" {
		b.WriteString("Category:" + r.Category + " | ")
	}
	sep := ""
	for _, a := range [...]arg{{"Reason", r.Reason}, {"Remark", r.Message}, {"Suggestion", r.Suggestion}} {
		if a.val == "" {
			continue
		}
		q := ""
		if strings.ContainsAny(a.val, " ,{}") {
			q = `"`
		}
		b.WriteString(sep + a.key + "=" + q)
		b.WriteString(a.val)
		b.WriteString(q)
		sep = ", "
	}
	return b.String()
}

// WriteDiagnostic writes the remark as mlir-opt prints it on stderr:
// "FILE:LINE:COL: remark: MESSAGE", then, when src holds the position's
// line, that line and a caret under the column, tabs expanded to stops of
// eight as LLVM's SourceMgr does, a line wider than SourceWidth columns
// cut to a window of SourceWidth columns around the caret. src is the
// text the position's byte offset counts in; nil prints the first line
// only.
func WriteDiagnostic(w io.Writer, r ast.Remark, src []byte) error {
	var b bytes.Buffer
	b.WriteString(r.Pos.String())
	b.WriteString(": remark: ")
	b.WriteString(Message(r))
	b.WriteByte('\n')
	WriteSourceLine(&b, r.Pos, src, SourceWidth)
	_, err := w.Write(b.Bytes())
	return err
}

// SourceWidth is the widest source line, in columns, printed under a
// remark or a diagnostic.
const SourceWidth = 120

const tabStop = 8

// SourceReach is how far either side of a position WriteSourceLine reads
// with width > 0.
func SourceReach(width int) int { return 4*width + utf8.UTFMax }

// WriteSourceLine writes the line of src that holds pos and a caret line
// under its column, as mlir-opt does after a diagnostic: tabs expanded to
// stops of eight, bytes that are not printable UTF-8 escaped as \xNN.
// With width > 0, a line wider than width columns is cut to a window of
// width columns around the caret. It writes nothing when src does not
// hold the position.
//
// The cost is bounded by what it writes: with width > 0 it reads at most
// 4*width bytes on either side of the position (a column takes at most
// four bytes, and an escaped byte four columns), whatever the length of
// the line, so that the thousands of diagnostics a signature of
// megabytes on one line can have cost no more than their output. When
// the line's start is beyond that reach, the tab stops count from the
// first byte read, not from the line's start: only the width of a tab in
// such a window can differ.
//
// A caller that holds the text elsewhere (a file) can pass only the bytes
// from SourceReach(width)+1 before pos to as many after it, pos moved into
// them: the lines written are the same.
func WriteSourceLine(b *bytes.Buffer, pos ast.Pos, src []byte, width int) {
	if !pos.IsValid() || pos.Offset < 0 || pos.Offset > len(src) {
		return
	}
	off := pos.Offset
	lo, hi := 0, len(src)
	if width > 0 {
		reach := SourceReach(width)
		lo, hi = max(0, off-reach), min(len(src), off+reach)
	}
	start := bytes.LastIndexByte(src[lo:off], '\n') + 1 + lo
	if start == lo && lo > 0 {
		for start < off && !utf8.RuneStart(src[start]) {
			start++ // the window starts inside a line: at a rune
		}
	}
	end := hi
	if i := bytes.IndexByte(src[off:hi], '\n'); i >= 0 {
		end = off + i
	}
	line := src[start:end]
	if end < len(src) && src[end] == '\n' || end == len(src) {
		line = bytes.TrimSuffix(line, []byte("\r"))
	}
	caret, cols := -1, 0
	forCells(line, func(i int, text []byte, col int) bool {
		if i >= off-start && caret < 0 {
			caret = col
		}
		cols = col + utf8.RuneCount(text)
		return true
	})
	if caret < 0 {
		caret = cols
	}
	first, last := 0, cols
	if width > 0 && cols > width {
		first = max(0, min(caret-width/2, cols-width))
		last = first + width
	}
	forCells(line, func(_ int, text []byte, col int) bool {
		n := utf8.RuneCount(text)
		switch {
		case col >= first && col+n <= last:
			b.Write(text)
		case col < first && col+n > first:
			first = col + n // a piece cut by the window's start is left out
		}
		return col < last
	})
	b.WriteByte('\n')
	for range max(0, caret-first) {
		b.WriteByte(' ')
	}
	b.WriteString("^\n")
}

// forCells calls f with each shown piece of line: its byte offset, its
// text (valid until f returns) and the column it starts at; tabs expand
// to the next stop, bytes that are not printable UTF-8 become \xNN. It
// stops when f returns false.
func forCells(line []byte, f func(i int, text []byte, col int) bool) {
	var scratch [4 * utf8.UTFMax]byte
	col := 0
	for i := 0; i < len(line); {
		r, n := utf8.DecodeRune(line[i:])
		var text []byte
		switch {
		case r == '\t':
			text = append(scratch[:0], "        "[:tabStop-col%tabStop]...)
		case r == utf8.RuneError && n <= 1, r < 0x20, r == 0x7f, !unicode.IsPrint(r) && r != ' ':
			text = scratch[:0]
			for _, c := range line[i : i+n] {
				text = append(text, '\\', 'x', hexDigits[c>>4], hexDigits[c&15])
			}
		default:
			text = line[i : i+n]
		}
		if !f(i, text, col) {
			return
		}
		col += utf8.RuneCount(text)
		i += n
	}
}

const hexDigits = "0123456789abcdef"
