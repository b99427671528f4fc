package ast

import (
	"bytes"
	"sort"
)

// LineIndex converts offsets to lines and columns. It counts newlines
// forward from the last offset it converted, leaving a checkpoint every
// CheckpointStep bytes, so that an earlier offset is converted by counting
// from the checkpoint before it: no conversion reads more than a step of
// text it has read before.
type LineIndex struct {
	cur         LinePoint
	checkpoints []LinePoint
}

// LinePoint is an offset whose line and line start (the offset of the
// line's first byte) are known.
type LinePoint struct {
	Off, Line, LineStart int
}

// CheckpointStep is the distance between two checkpoints of a LineIndex.
const CheckpointStep = 256 << 10

// advance moves p to off (>= p.Off) over src.
func (p *LinePoint) advance(src []byte, off int) {
	seg := src[p.Off:off]
	if n := bytes.Count(seg, []byte{'\n'}); n > 0 {
		p.Line += n
		p.LineStart = p.Off + lastNewline(seg) + 1
	}
	p.Off = off
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

// LineCol returns the line and byte column of offset off of src, both
// from 1 (a Pos's Line and Column).
func (x *LineIndex) LineCol(src []byte, off int) (int, int) {
	off = min(max(off, 0), len(src))
	if x.cur.Line == 0 {
		x.cur = LinePoint{Line: 1}
		x.checkpoints = append(x.checkpoints[:0], x.cur)
	}
	if off < x.cur.Off {
		i := sort.Search(len(x.checkpoints), func(i int) bool { return x.checkpoints[i].Off > off }) - 1
		p := x.checkpoints[max(i, 0)]
		if p.Off > off {
			return p.Line, 1 // before the first checkpoint: not in this text
		}
		p.advance(src, off)
		return p.Line, off - p.LineStart + 1
	}
	for x.cur.Off < off {
		last := x.checkpoints[len(x.checkpoints)-1].Off
		x.cur.advance(src, min(off, last+CheckpointStep))
		if x.cur.Off == last+CheckpointStep {
			x.checkpoints = append(x.checkpoints, x.cur)
		}
	}
	return x.cur.Line, off - x.cur.LineStart + 1
}

// NewLineIndex returns an index whose text starts at the point p (for a
// span of a larger file).
func NewLineIndex(p LinePoint) LineIndex {
	return LineIndex{cur: p, checkpoints: []LinePoint{p}}
}

// Point is the furthest point the index has counted to.
func (x *LineIndex) Point() LinePoint { return x.cur }

// SetPoint makes p the point from which the index counts forward again,
// for a scanner that goes back to text it counted before.
func (x *LineIndex) SetPoint(p LinePoint) { x.cur = p }
