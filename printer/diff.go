package printer

import (
	"bytes"
	"io"
	"strconv"
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/mhlo-alias/mhlo-alias/edit"
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
	// For a removed line that the edits change in place (every edit that
	// touches it lies inside it, newline excluded, and inserts no
	// newline): the offset of the line in the source and those edits.
	inPlace bool
	at      int
	edits   []edit.Edit
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
func Diff(w io.Writer, src []byte, edits []edit.Edit, opts DiffOptions) error {
	if err := edit.Validate(len(src), edits); err != nil {
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
	size := len(opts.OldName) + len(opts.NewName) + 16
	for _, h := range hunks {
		size += 32
		for _, l := range h.lines {
			size += len(l.text) + 2
		}
	}
	b.Grow(size)
	p := &diffPrinter{w: &b, color: opts.Color}
	b.WriteString(p.paint(colorBold, "--- "+opts.OldName) + "\n" + p.paint(colorBold, "+++ "+opts.NewName) + "\n")
	for _, h := range hunks {
		p.hunk(h)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// buildHunks groups the edits whose lines, with context, touch, and diffs
// each group line by line.
func buildHunks(src []byte, edits []edit.Edit, count func(start, end int) int) []hunk {
	var hunks []hunk
	lc := &lineCursor{src: src}
	line, at := 1, 0 // line number of offset at
	delta := 0       // new line number minus old, before the current group
	for i := 0; i < len(edits); {
		start := lc.contextStart(edits[i].Start)
		end := lc.contextEnd(edits[i].End)
		j := i + 1
		for j < len(edits) && lc.contextStart(edits[j].Start) <= end {
			end = lc.contextEnd(edits[j].End)
			j++
		}
		line += count(at, start)
		at = start
		lines := diffText(string(src[start:end]), applied(src, start, end, edits[i:j]))
		markInPlace(lines, start, edits[i:j])
		hs := splitHunks(lines, line, line+delta)
		for _, h := range hs {
			delta += h.newCount - h.oldCount
		}
		hunks = append(hunks, hs...)
		i = j
	}
	return hunks
}

// lineCursor answers contextStart and contextEnd for the edits of a
// diff, which come in order: it remembers the last line asked about and
// its context, so that many edits on one long line (an entry signature of
// thousands of arguments) cost the length of the line once, not once per
// edit, and each byte of src is scanned a bounded number of times. Out of
// order queries are answered right too, only slower.
type lineCursor struct {
	src        []byte
	start, end int // the line, newline included
	// before and after are the offsets contextLines lines before start
	// and after end; -1 until asked.
	before, after int
	have          bool
}

// line makes the line that holds off the current one.
func (lc *lineCursor) line(off int) {
	in := lc.have && off >= lc.start && (off < lc.end || off == lc.end && off == len(lc.src) &&
		(off == lc.start || lc.src[off-1] != '\n')) // the end of a last line without newline
	if !in {
		lc.start, lc.end, lc.before, lc.after, lc.have = startOf(lc.src, off), endOf(lc.src, off), -1, -1, true
	}
}

// contextStart is back(src, startOf(src, off), contextLines).
func (lc *lineCursor) contextStart(off int) int {
	if lc.line(off); lc.before < 0 {
		lc.before = back(lc.src, lc.start, contextLines)
	}
	return lc.before
}

// contextEnd returns the end of the line holding the edit end off, plus
// contextLines more lines. An edit that ends just after a newline joins the
// next line to its own, so that line counts as touched too; a line too many
// only widens the group, whose hunks are cut from the line diff.
func (lc *lineCursor) contextEnd(off int) int {
	if lc.line(off); lc.after < 0 {
		lc.after = lc.end
		for n := contextLines; n > 0 && lc.after < len(lc.src); n-- {
			lc.after = endOf(lc.src, lc.after)
		}
	}
	return lc.after
}

// markInPlace finds, for each removed line of a group's diff that starts
// at offset start, the edits that change it in place. The old lines are
// the unchanged and removed ones, in order; the edits are sorted, so one
// walk over both does it.
func markInPlace(lines []diffLine, start int, edits []edit.Edit) {
	at, k := start, 0
	for i := range lines {
		l := &lines[i]
		if l.op == '+' {
			continue
		}
		lineEnd := at + len(l.text)
		bodyEnd := lineEnd - len(l.text) + len(strings.TrimSuffix(l.text, "\n"))
		ok := true
		// An edit that starts before the line and reaches into it spans
		// lines.
		for k < len(edits) && edits[k].Start < at {
			ok = ok && edits[k].End <= at
			k++
		}
		first := k
		for k < len(edits) && edits[k].Start < lineEnd {
			e := edits[k]
			ok = ok && e.End <= bodyEnd && strings.IndexByte(e.New, '\n') < 0
			k++
		}
		if l.op == '-' && ok {
			l.inPlace, l.at, l.edits = true, at, edits[first:k]
		}
		at = lineEnd
	}
}

// applied returns src[start:end] with edits (all inside it) applied.
func applied(src []byte, start, end int, edits []edit.Edit) string {
	var b strings.Builder
	size := end - start
	for _, e := range edits {
		size += len(e.New) - (e.End - e.Start)
	}
	b.Grow(size)
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
		for _, l := range strings.SplitAfter(d.Text, "\n") {
			if l != "" { // the piece after a last newline
				out = append(out, diffLine{op: op, text: l})
			}
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

// span prints a hunk range as diff -u does: "start,count", "start" alone
// for one line, and for none the line before it: "start-1,0".
func span(start, count int) string {
	switch count {
	case 0:
		start--
	case 1:
		return strconv.Itoa(start)
	}
	return strconv.Itoa(start) + "," + strconv.Itoa(count)
}

func (p *diffPrinter) hunk(h hunk) {
	p.w.WriteString(p.paint(colorCyan, "@@ -"+span(h.oldStart, h.oldCount)+" +"+span(h.newStart, h.newCount)+" @@") + "\n")
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
			old, new := strings.TrimSuffix(removed[i].text, "\n"), strings.TrimSuffix(added[i].text, "\n")
			if len(old)+len(new) > longLine && removed[i].inPlace {
				if o, n, ok := highlightEdits(old, new, removed[i].at, removed[i].edits); ok {
					marked[i] = [2]string{o, n}
					continue
				}
			}
			old, new = highlightPair(old, new)
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
