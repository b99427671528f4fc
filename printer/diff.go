package printer

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// contextLines is the number of unchanged lines around each change.
const contextLines = 3

// DiffOptions say how to print a diff.
type DiffOptions struct {
	OldName, NewName string
	// Color marks removed and added lines and, inside a changed line, the
	// changed characters with ANSI escapes.
	Color bool
	// CountLines, if set, returns the number of newlines in src[start:end];
	// hunk headers need the line numbers of the edits. A caller that maps
	// a large file can count without keeping the pages it reads. By
	// default the newlines are counted in src.
	CountLines func(start, end int) int
}

// diffLine is one line of a diff: ' ' unchanged, '-' removed, '+' added.
// Its text keeps its newline, if it has one.
type diffLine struct {
	op   byte
	text string
}

// hunk is one @@ section.
type hunk struct {
	oldStart, oldCount int
	newStart, newCount int
	lines              []diffLine
}

// Diff writes a unified diff (3 lines of context) between src and src with
// edits applied. It reads only the lines around the edits, so its cost does
// not grow with the size of the file. It writes nothing when the edits
// change nothing.
func Diff(w io.Writer, src []byte, edits []Edit, opts DiffOptions) error {
	if err := validate(len(src), edits); err != nil {
		return err
	}
	count := opts.CountLines
	if count == nil {
		count = func(start, end int) int { return bytes.Count(src[start:end], []byte{'\n'}) }
	}
	hunks := buildHunks(src, edits, count)
	if len(hunks) == 0 {
		return nil
	}
	var b bytes.Buffer
	p := &diffPrinter{w: &b, color: opts.Color}
	p.header(opts.OldName, opts.NewName)
	for _, h := range hunks {
		p.hunk(h)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// buildHunks groups the edits whose lines, with context, touch, and diffs
// each group line by line.
func buildHunks(src []byte, edits []Edit, count func(start, end int) int) []hunk {
	var hunks []hunk
	line, at := 1, 0 // line number of offset at
	delta := 0       // new line number minus old, before the current group
	for i := 0; i < len(edits); {
		start := back(src, startOf(src, edits[i].Start), contextLines)
		end := extend(src, edits[i].End, contextLines)
		j := i + 1
		for j < len(edits) && back(src, startOf(src, edits[j].Start), contextLines) <= end {
			end = extend(src, edits[j].End, contextLines)
			j++
		}
		line += count(at, start)
		at = start
		lines := diffText(string(src[start:end]), applied(src, start, end, edits[i:j]))
		hs := splitHunks(lines, line, line+delta)
		for _, h := range hs {
			delta += h.newCount - h.oldCount
		}
		hunks = append(hunks, hs...)
		i = j
	}
	return hunks
}

// applied returns src[start:end] with edits (all inside it) applied.
func applied(src []byte, start, end int, edits []Edit) string {
	var b strings.Builder
	at := start
	for _, e := range edits {
		b.Write(src[at:e.Start])
		b.WriteString(e.New)
		at = e.End
	}
	b.Write(src[at:end])
	return b.String()
}

// startOf returns the offset at which the line holding off starts.
func startOf(src []byte, off int) int {
	return bytes.LastIndexByte(src[:off], '\n') + 1
}

// endOf returns the offset after the line holding off, newline included.
func endOf(src []byte, off int) int {
	if i := bytes.IndexByte(src[off:], '\n'); i >= 0 {
		return off + i + 1
	}
	return len(src)
}

// extend returns the end of the line holding the edit end off, plus n more
// lines. An edit that ends just after a newline joins the next line to its
// own, so that line counts as touched too; a line too many only widens the
// group, whose hunks are cut from the line diff.
func extend(src []byte, off, n int) int {
	end := endOf(src, off)
	for ; n > 0 && end < len(src); n-- {
		end = endOf(src, end)
	}
	return end
}

// back returns the start of the line n lines before the line at start.
func back(src []byte, start, n int) int {
	for ; n > 0 && start > 0; n-- {
		start = startOf(src, start-1)
	}
	return start
}

// diffText diffs two runs of lines with go-diff's line mode.
func diffText(old, new string) []diffLine {
	dmp := diffmatchpatch.New()
	a, b, table := dmp.DiffLinesToChars(old, new)
	var out []diffLine
	for _, d := range dmp.DiffCharsToLines(dmp.DiffMain(a, b, false), table) {
		op := byte(' ')
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			op = '-'
		case diffmatchpatch.DiffInsert:
			op = '+'
		}
		for _, l := range splitLines(d.Text) {
			out = append(out, diffLine{op, l})
		}
	}
	return out
}

// splitHunks cuts diff lines that begin at old line oldLine and new line
// newLine into hunks with at most contextLines of context on each side;
// changes closer than twice that share a hunk.
func splitHunks(lines []diffLine, oldLine, newLine int) []hunk {
	var hunks []hunk
	for i := 0; i < len(lines); {
		if lines[i].op == ' ' {
			i, oldLine, newLine = i+1, oldLine+1, newLine+1
			continue
		}
		lo := i
		for lo > 0 && i-lo < contextLines && lines[lo-1].op == ' ' {
			lo--
		}
		hi := i
		for hi < len(lines) {
			if lines[hi].op != ' ' {
				hi++
				continue
			}
			run := hi
			for run < len(lines) && lines[run].op == ' ' {
				run++
			}
			if run < len(lines) && run-hi <= 2*contextLines {
				hi = run
				continue
			}
			hi += min(run-hi, contextLines)
			break
		}
		h := hunk{oldStart: oldLine - (i - lo), newStart: newLine - (i - lo), lines: lines[lo:hi]}
		for _, l := range h.lines {
			if l.op != '+' {
				h.oldCount++
			}
			if l.op != '-' {
				h.newCount++
			}
		}
		oldLine += h.oldCount - (i - lo)
		newLine += h.newCount - (i - lo)
		hunks = append(hunks, h)
		i = hi
	}
	return hunks
}

func splitLines(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			return append(out, s)
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

// ANSI escapes for --diff on a terminal.
const (
	colorReset   = "\x1b[0m"
	colorBold    = "\x1b[1m"
	colorRed     = "\x1b[31m"
	colorGreen   = "\x1b[32m"
	colorCyan    = "\x1b[36m"
	colorReverse = "\x1b[7m"
)

type diffPrinter struct {
	w     *bytes.Buffer
	color bool
}

func (p *diffPrinter) paint(color, s string) string {
	if !p.color {
		return s
	}
	return color + s + colorReset
}

func (p *diffPrinter) header(oldName, newName string) {
	p.w.WriteString(p.paint(colorBold, "--- "+oldName) + "\n")
	p.w.WriteString(p.paint(colorBold, "+++ "+newName) + "\n")
}

// span prints a hunk range as diff -u does: "start,count", or "start"
// alone for one line.
func span(start, count int) string {
	if count == 1 {
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, count)
}

func (p *diffPrinter) hunk(h hunk) {
	oldStart, newStart := h.oldStart, h.newStart
	if h.oldCount == 0 {
		oldStart--
	}
	if h.newCount == 0 {
		newStart--
	}
	p.w.WriteString(p.paint(colorCyan, "@@ -"+span(oldStart, h.oldCount)+" +"+span(newStart, h.newCount)+" @@") + "\n")
	for i := 0; i < len(h.lines); {
		if h.lines[i].op == ' ' {
			p.line(' ', h.lines[i].text, "")
			i++
			continue
		}
		// A run of removed lines, then a run of added lines: pair them up
		// to highlight the changed characters.
		j := i
		for j < len(h.lines) && h.lines[j].op == '-' {
			j++
		}
		k := j
		for k < len(h.lines) && h.lines[k].op == '+' {
			k++
		}
		p.changes(h.lines[i:j], h.lines[j:k])
		i = k
	}
}

// changes prints removed lines, then added lines; in color, a removed and
// an added line at the same place in their runs get their differing
// characters highlighted.
func (p *diffPrinter) changes(removed, added []diffLine) {
	marked := make(map[int][2]string)
	if p.color {
		for i := 0; i < len(removed) && i < len(added); i++ {
			old, new := highlightPair(strings.TrimSuffix(removed[i].text, "\n"), strings.TrimSuffix(added[i].text, "\n"))
			marked[i] = [2]string{old, new}
		}
	}
	for i, l := range removed {
		p.line('-', l.text, marked[i][0])
	}
	for i, l := range added {
		p.line('+', l.text, marked[i][1])
	}
}

// line prints one diff line; with color, marked (if set) is the line's
// text with its changed parts highlighted.
func (p *diffPrinter) line(op byte, text, marked string) {
	body, nl := strings.CutSuffix(text, "\n")
	switch {
	case !p.color || op == ' ':
		p.w.WriteByte(op)
		p.w.WriteString(body)
	default:
		color := colorRed
		if op == '+' {
			color = colorGreen
		}
		if marked == "" {
			marked = body
		}
		p.w.WriteString(color + string(op))
		p.w.WriteString(strings.ReplaceAll(marked, colorReset, colorReset+color))
		p.w.WriteString(colorReset)
	}
	p.w.WriteByte('\n')
	if !nl {
		p.w.WriteString("\\ No newline at end of file\n")
	}
}
