package remarks

import (
	"bytes"
	"io"
	"sort"
	"strings"

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
	caret := 0
	col := 0
	for i, c := range line {
		if i == pos.Offset-start {
			caret = col
		}
		if c == '\t' {
			n := tabStop - col%tabStop
			b.WriteString(strings.Repeat(" ", n))
			col += n
			continue
		}
		b.WriteByte(c)
		col++
	}
	if pos.Offset-start >= len(line) {
		caret = col
	}
	b.WriteByte('\n')
	b.WriteString(strings.Repeat(" ", caret))
	b.WriteString("^\n")
}
