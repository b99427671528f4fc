package filecheck

import (
	"fmt"
	"io"
	"strings"
)

// source is a named buffer that diagnostics can point into, like one buffer
// of LLVM's SourceMgr.
type source struct {
	name string
	text string
	// numbered is set for the check file, whose line numbers are the
	// values of @LINE.
	numbered bool
	// lastOff and lastLine cache the last lineNumber result.
	lastOff, lastLine int
}

// lineNumber returns the 1-based line of offset off in a numbered source,
// and 0 in others.
func (s *source) lineNumber(off int) int {
	if !s.numbered {
		return 0
	}
	if s.lastLine == 0 || off < s.lastOff {
		s.lastOff, s.lastLine = 0, 1
	}
	s.lastLine += strings.Count(s.text[s.lastOff:off], "\n")
	s.lastOff = off
	return s.lastLine
}

// span is a half-open byte range [start, end) within one source.
type span struct{ start, end int }

// diagKind is the severity word printed in a diagnostic.
type diagKind string

const (
	kindError  diagKind = "error"
	kindNote   diagKind = "note"
	kindRemark diagKind = "remark"
)

// lineCol returns the 1-based line and column of offset off.
func (s *source) lineCol(off int) (line, col int) {
	line = 1 + strings.Count(s.text[:off], "\n")
	start := strings.LastIndexByte(s.text[:off], '\n') + 1
	return line, off - start + 1
}

// lineBounds returns the start and end offsets of the line containing off,
// excluding the line terminator.
func (s *source) lineBounds(off int) (start, end int) {
	start = off
	for start > 0 && s.text[start-1] != '\n' && s.text[start-1] != '\r' {
		start--
	}
	end = off
	for end < len(s.text) && s.text[end] != '\n' && s.text[end] != '\r' {
		end++
	}
	return start, end
}

// printDiag writes a diagnostic in the format of LLVM's SMDiagnostic: a
// "file:line:col: kind: message" line, the source line, and a caret line
// with '~' under any ranges.
func printDiag(w io.Writer, src *source, off int, kind diagKind, msg string, ranges ...span) {
	line, col := src.lineCol(off)
	fmt.Fprintf(w, "%s:%d:%d: %s: %s\n", src.name, line, col, kind, msg)
	ls, le := src.lineBounds(off)
	text := src.text[ls:le]
	if !isASCII(text) {
		// Like LLVM, show no caret line when columns could be wrong.
		io.WriteString(w, expandTabs(text)+"\n")
		return
	}
	caret := []byte(strings.Repeat(" ", len(text)+1))
	for _, r := range ranges {
		if r.start > le || r.end < ls {
			continue
		}
		s, e := max(r.start, ls), min(r.end, le)
		for i := s - ls; i < e-ls; i++ {
			caret[i] = '~'
		}
	}
	c := min(off-ls, len(text))
	caret[c] = '^'
	caretLine := strings.TrimRight(string(caret), " ")
	io.WriteString(w, expandTabs(text)+"\n")
	io.WriteString(w, expandCaret(caretLine, text)+"\n")
}

const tabStop = 8

func expandTabs(text string) string {
	if !strings.Contains(text, "\t") {
		return text
	}
	var b strings.Builder
	col := 0
	for i := 0; i < len(text); i++ {
		if text[i] != '\t' {
			b.WriteByte(text[i])
			col++
			continue
		}
		for {
			b.WriteByte(' ')
			col++
			if col%tabStop == 0 {
				break
			}
		}
	}
	return b.String()
}

// expandCaret widens caret-line cells under tabs in the source line, as
// SMDiagnostic does.
func expandCaret(caret, text string) string {
	if !strings.Contains(text, "\t") {
		return caret
	}
	var b strings.Builder
	col := 0
	for i := 0; i < len(caret); i++ {
		if i >= len(text) || text[i] != '\t' {
			b.WriteByte(caret[i])
			col++
			continue
		}
		for {
			b.WriteByte(caret[i])
			col++
			if col%tabStop == 0 {
				break
			}
		}
	}
	return b.String()
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
