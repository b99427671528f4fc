package filecheck

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
)

// checker runs the parsed checks over one input, like FileCheck::checkInput.
type checker struct {
	opts   *Options
	ctx    *context
	in     *subject
	src    *source // the input, for diagnostics
	stderr io.Writer
}

// region is a half-open range of the input.
type region struct{ start, end int }

// run checks the whole input and reports whether every check passed.
func (c *checker) run(checks []checkString) bool {
	failed := false
	buf := region{0, len(c.in.text)}
	i, j, e := 0, 0, len(checks)
	for {
		var reg region
		if j == e {
			reg = buf
		} else {
			if checks[j].pat.ty.kind != ckLabel {
				j++
				continue
			}
			pos, n, ok := c.checkString(&checks[j], buf, true)
			if !ok {
				return false
			}
			reg = region{buf.start, pos + n}
			buf.start = pos + n
			j++
		}
		if i != 0 && c.opts.EnableVarScope {
			c.ctx.clearLocalVars()
		}
		for ; i != j; i++ {
			pos, n, ok := c.checkString(&checks[i], reg, false)
			if !ok {
				failed = true
				i = j
				break
			}
			reg.start = pos + n
		}
		if j == e {
			break
		}
	}
	return !failed
}

// checkString matches one directive (and its CHECK-DAG/NOT group) in reg.
// It returns the absolute start and length of the match.
func (c *checker) checkString(cs *checkString, reg region, labelScan bool) (int, int, bool) {
	lastPos := reg.start
	var nots []*dagNot
	if !labelScan {
		var ok bool
		if lastPos, ok = c.checkDag(cs, reg, &nots); !ok {
			return 0, 0, false
		}
	}
	lastMatchEnd, firstMatchPos := lastPos, 0
	for i := 1; i <= cs.pat.ty.count; i++ {
		pos, n, err := cs.pat.match(c.in, lastMatchEnd, reg.end)
		if err != nil {
			c.printNoMatch(true, cs.prefix, cs.pat, i, region{lastMatchEnd, reg.end}, err)
			return 0, 0, false
		}
		if c.opts.Verbose && cs.pat.ty.kind != ckEOF {
			c.printFound(cs.prefix, cs.pat, i, pos, n)
		}
		if i == 1 {
			firstMatchPos = pos
		}
		lastMatchEnd = pos + n
	}
	matchLen := lastMatchEnd - firstMatchPos
	if !labelScan {
		skipped := region{lastPos, firstMatchPos}
		if c.checkNext(cs, skipped) || c.checkSame(cs, skipped) || c.checkNot(skipped, nots) {
			return 0, 0, false
		}
	}
	return firstMatchPos, matchLen, true
}

// countNewlines counts line breaks in r, treating "\r\n" and "\n\r" as one,
// and returns the offset just after the first one.
func (c *checker) countNewlines(r region) (int, int) {
	text := c.in.text
	n, first := 0, -1
	for i := r.start; i < r.end; i++ {
		if text[i] != '\n' && text[i] != '\r' {
			continue
		}
		n++
		if i+1 < r.end && (text[i+1] == '\n' || text[i+1] == '\r') && text[i] != text[i+1] {
			i++
		}
		if n == 1 {
			first = i + 1
		}
	}
	return n, first
}

func (c *checker) checkNext(cs *checkString, skipped region) bool {
	kind := cs.pat.ty.kind
	if kind != ckNext && kind != ckEmpty {
		return false
	}
	name := cs.prefix + "-NEXT"
	if kind == ckEmpty {
		name = cs.prefix + "-EMPTY"
	}
	n, first := c.countNewlines(skipped)
	if n == 0 {
		printDiag(c.stderr, cs.pat.src, cs.loc, kindError, name+": is on the same line as previous match")
		c.note(skipped.end, "'next' match was here")
		c.note(skipped.start, "previous match ended here")
		return true
	}
	if n != 1 {
		printDiag(c.stderr, cs.pat.src, cs.loc, kindError, name+": is not on the line after the previous match")
		c.note(skipped.end, "'next' match was here")
		c.note(skipped.start, "previous match ended here")
		c.note(first, "non-matching line after previous match is here")
		return true
	}
	return false
}

func (c *checker) checkSame(cs *checkString, skipped region) bool {
	if cs.pat.ty.kind != ckSame {
		return false
	}
	if n, _ := c.countNewlines(skipped); n != 0 {
		printDiag(c.stderr, cs.pat.src, cs.loc, kindError, cs.prefix+"-SAME: is not on the same line as the previous match")
		c.note(skipped.end, "'next' match was here")
		c.note(skipped.start, "previous match ended here")
		return true
	}
	return false
}

// checkNot reports every CHECK-NOT pattern that matches in r.
func (c *checker) checkNot(r region, nots []*dagNot) bool {
	failed := false
	for _, dn := range nots {
		pos, n, err := dn.pat.match(c.in, r.start, r.end)
		if err == nil {
			c.printExcluded(dn, pos, n)
			failed = true
			continue
		}
		if !errors.Is(err, errNotFound) {
			c.printNoMatch(false, dn.prefix, dn.pat, 1, r, err)
			failed = true
		}
	}
	return failed
}

// checkDag matches the CHECK-DAG/CHECK-NOT group before a directive and
// returns the position after which the directive itself is searched.
func (c *checker) checkDag(cs *checkString, reg region, nots *[]*dagNot) (int, bool) {
	if len(cs.dagNots) == 0 {
		return reg.start, true
	}
	startPos := reg.start
	var ranges []region // sorted, non-overlapping matches of this group
	for idx := range cs.dagNots {
		dn := &cs.dagNots[idx]
		if dn.pat.ty.kind == ckNot {
			*nots = append(*nots, dn)
			continue
		}
		matchPos, matchLen := startPos, 0
		mi := 0
		for {
			pos, n, err := dn.pat.match(c.in, matchPos, reg.end)
			if err != nil {
				c.printNoMatch(true, dn.prefix, dn.pat, 1, region{matchPos, reg.end}, err)
				return 0, false
			}
			matchPos, matchLen = pos, n
			m := region{pos, pos + n}
			if c.opts.AllowDeprecatedDagOverlap {
				if len(ranges) == 0 {
					ranges = append(ranges, m)
				} else {
					ranges[0].start = min(ranges[0].start, m.start)
					ranges[0].end = max(ranges[0].end, m.end)
				}
				break
			}
			overlap := false
			for ; mi < len(ranges); mi++ {
				if m.start < ranges[mi].end {
					overlap = ranges[mi].start < m.end
					break
				}
			}
			if !overlap {
				ranges = append(ranges[:mi], append([]region{m}, ranges[mi:]...)...)
				break
			}
			matchPos = ranges[mi].end
			mi++
		}
		if c.opts.Verbose {
			c.printFound(dn.prefix, dn.pat, 1, matchPos, matchLen)
		}
		last := idx+1 == len(cs.dagNots) || cs.dagNots[idx+1].pat.ty.kind == ckNot
		if !last {
			continue
		}
		if len(*nots) > 0 {
			if c.checkNot(region{startPos, ranges[0].start}, *nots) {
				return 0, false
			}
			*nots = (*nots)[:0]
		}
		startPos = ranges[len(ranges)-1].end
		ranges = ranges[:0]
	}
	return startPos, true
}

func (c *checker) note(off int, msg string, ranges ...span) {
	printDiag(c.stderr, c.src, off, kindNote, msg, ranges...)
}

// printFound reports an expected match in verbose mode.
func (c *checker) printFound(prefix string, p *pattern, matched, pos, n int) {
	msg := p.ty.description(prefix) + ": expected string found in input"
	if p.ty.count > 1 {
		msg += fmt.Sprintf(" (%d out of %d)", matched, p.ty.count)
	}
	printDiag(c.stderr, p.src, p.loc, kindRemark, msg)
	c.note(pos, "found here", span{pos, pos + n})
	c.printSubstitutions(p, pos)
	c.printCaptures(p)
}

// printCaptures notes the input range captured by each variable p defined,
// in input order.
func (c *checker) printCaptures(p *pattern) {
	type capture struct {
		name string
		sp   span
	}
	var caps []capture
	for name, sp := range p.captures {
		caps = append(caps, capture{name, sp})
	}
	sort.Slice(caps, func(i, j int) bool { return caps[i].sp.start < caps[j].sp.start })
	for _, cp := range caps {
		c.note(cp.sp.start, fmt.Sprintf("captured var \"%s\"", cp.name), cp.sp)
	}
}

// printExcluded reports a CHECK-NOT match.
func (c *checker) printExcluded(dn *dagNot, pos, n int) {
	msg := dn.pat.ty.description(dn.prefix) + ": excluded string found in input"
	printDiag(c.stderr, dn.pat.src, dn.pat.loc, kindError, msg)
	c.note(pos, "found here", span{pos, pos + n})
	c.printSubstitutions(dn.pat, pos)
}

// printNoMatch reports a failed match (expected) or an error while
// evaluating a CHECK-NOT pattern.
func (c *checker) printNoMatch(expected bool, prefix string, p *pattern, matched int, r region, err error) {
	var se *substError
	if errors.As(err, &se) {
		for _, d := range se.diags {
			printDiag(c.stderr, p.src, d.off, kindError, d.msg)
		}
		c.printSubstitutions(p, r.start)
		if expected {
			c.printFuzzyMatch(p, r)
		}
		return
	}
	if !errors.Is(err, errNotFound) {
		printDiag(c.stderr, p.src, p.loc, kindError, "invalid regex: "+err.Error())
		return
	}
	if !expected {
		return
	}
	msg := p.ty.description(prefix) + ": expected string not found in input"
	if p.ty.count > 1 {
		msg += fmt.Sprintf(" (%d out of %d)", matched, p.ty.count)
	}
	printDiag(c.stderr, p.src, p.loc, kindError, msg)
	c.note(r.start, "scanning from here")
	c.printSubstitutions(p, r.start)
	c.printFuzzyMatch(p, r)
}

// printSubstitutions notes the value of every variable used by p.
func (c *checker) printSubstitutions(p *pattern, at int) {
	for _, sub := range p.subs {
		if sub.expr != nil {
			if v, errs := p.substValue(sub); errs == nil {
				c.note(at, fmt.Sprintf("with \"%s\" equal to \"%s\"", sub.name, v))
			}
			continue
		}
		v, ok := p.ctx.vars[sub.name]
		if !ok {
			continue
		}
		c.note(at, fmt.Sprintf("with \"%s\" equal to %s", sub.name, quoteValue(v)))
	}
}

// quoteValue renders a variable value for diagnostics as LLVM 19 does: the
// regex-escaped value, with C-style escapes for backslashes, quotes and
// non-printable characters.
func quoteValue(v string) string {
	v = regexEscape(v)
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c == '\\':
			b.WriteString(`\\`)
		case c == '"':
			b.WriteString(`\"`)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\n':
			b.WriteString(`\n`)
		case c < 0x20 || c >= 0x7f:
			fmt.Fprintf(&b, `\%03o`, c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// printFuzzyMatch points at the most similar later input line, using the
// same edit-distance heuristic as LLVM.
func (c *checker) printFuzzyMatch(p *pattern, r region) {
	example := p.fixed
	if example == "" {
		example = p.regex
	}
	text := c.in.text[r.start:r.end]
	limit := min(4096, len(text))
	if 4096*2048 < limit*len(example) {
		return
	}
	lines, best, bestQ := 0, -1, 0.0
	for i := 0; i < limit; i++ {
		if text[i] == '\n' {
			lines++
		}
		if text[i] == ' ' || text[i] == '\t' {
			continue
		}
		prefix := text[i:min(len(text), i+len(example))]
		if nl := strings.IndexByte(prefix, '\n'); nl >= 0 {
			prefix = prefix[:nl]
		}
		q := float64(editDistance(prefix, example)) + float64(lines)/100
		if best < 0 || q < bestQ {
			best, bestQ = i, q
		}
	}
	if best > 0 && bestQ < 50 {
		c.note(r.start+best, "possible intended match here")
	}
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
