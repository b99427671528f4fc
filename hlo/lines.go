package hlo

import (
	"bytes"
	"sort"
)

// lineIndex converts offsets to lines and columns. It counts newlines
// forward from the last offset it converted, leaving a checkpoint every
// checkpointStep bytes, so that an earlier offset is converted by counting
// from the checkpoint before it: no conversion reads more than a step of
// text it has read before.
type lineIndex struct {
	cur         linePoint
	checkpoints []linePoint
}

// linePoint is an offset whose line and line start are known.
type linePoint struct {
	off, line, lineStart int
}

const checkpointStep = 256 << 10

// advance moves p to off (>= p.off) over src.
func (p *linePoint) advance(src []byte, off int) {
	seg := src[p.off:off]
	if n := bytes.Count(seg, []byte{'\n'}); n > 0 {
		p.line += n
		p.lineStart = p.off + lastNewline(seg) + 1
	}
	p.off = off
}

// lastNewline is bytes.LastIndexByte(b, '\n') for a b that holds one, in
// blocks searched forward: LastIndexByte reads a byte at a time, and the
// line before a checkpoint can be a megabyte constant.
func lastNewline(b []byte) int {
	const block = 4096
	for end := len(b); end > 0; end -= block {
		start := max(end-block, 0)
		i := bytes.IndexByte(b[start:end], '\n')
		if i < 0 {
			continue
		}
		for at := start + i; ; {
			j := bytes.IndexByte(b[at+1:end], '\n')
			if j < 0 {
				return at
			}
			at += j + 1
		}
	}
	return -1
}

func (x *lineIndex) lineCol(src []byte, off int) (int, int) {
	off = min(max(off, 0), len(src))
	if x.cur.line == 0 {
		x.cur = linePoint{line: 1}
		x.checkpoints = append(x.checkpoints[:0], x.cur)
	}
	if off < x.cur.off {
		i := sort.Search(len(x.checkpoints), func(i int) bool { return x.checkpoints[i].off > off }) - 1
		p := x.checkpoints[max(i, 0)]
		p.advance(src, off)
		return p.line, off - p.lineStart + 1
	}
	for x.cur.off < off {
		last := x.checkpoints[len(x.checkpoints)-1].off
		x.cur.advance(src, min(off, last+checkpointStep))
		if x.cur.off == last+checkpointStep {
			x.checkpoints = append(x.checkpoints, x.cur)
		}
	}
	return x.cur.line, off - x.cur.lineStart + 1
}
