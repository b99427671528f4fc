package ast

import (
	"bytes"
	"sort"
	"sync"
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
func (p *LinePoint) advance(src []byte, off int) { p.Over(src[p.Off:off]) }

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

// Over moves p over b, the text that follows p.Off.
func (p *LinePoint) Over(b []byte) {
	if n := bytes.Count(b, []byte{'\n'}); n > 0 {
		p.Line += n
		p.LineStart = p.Off + lastNewline(b) + 1
	}
	p.Off += len(b)
}

// Point is the furthest point the index has counted to.
func (x *LineIndex) Point() LinePoint { return x.cur }

// Skip moves the index forward to p, a point beyond the furthest it has
// counted, whose line a reader of the text between counted: the index
// counts on from there, a checkpoint, without reading that text again.
func (x *LineIndex) Skip(p LinePoint) {
	if x.cur.Line == 0 {
		x.cur = LinePoint{Line: 1}
		x.checkpoints = append(x.checkpoints[:0], x.cur)
	}
	if p.Off > x.cur.Off {
		x.cur = p
		x.checkpoints = append(x.checkpoints, p)
	}
}

// SetPoint makes p the point from which the index counts forward again,
// for a scanner that goes back to text it counted before.
func (x *LineIndex) SetPoint(p LinePoint) { x.cur = p }

// Anchors turns the offsets of a file's nodes into positions. The parser
// adds an anchor, a point whose line is known, at the start of each piece
// of text it parses; the position of an offset is counted from the anchor
// before it, over text of the same piece, which the caller keeps (see
// parser.Options.Keep). It is safe for concurrent use.
type Anchors struct {
	mu     sync.Mutex
	name   string
	points []LinePoint // by offset
	shared Cursor      // Pos's
}

// NewAnchors returns the anchors of the file named name.
func NewAnchors(name string) *Anchors {
	a := &Anchors{name: name}
	a.shared = NewCursor(a)
	return a
}

// Add records p, the position of the first byte of a piece of text.
func (a *Anchors) Add(p Pos) {
	if a == nil || !p.IsValid() {
		return
	}
	lp := LinePoint{Off: p.Offset, Line: p.Line, LineStart: p.Offset - p.Column + 1}
	a.mu.Lock()
	defer a.mu.Unlock()
	i := sort.Search(len(a.points), func(i int) bool { return a.points[i].Off >= lp.Off })
	if i < len(a.points) && a.points[i].Off == lp.Off {
		return
	}
	a.points = append(a.points, LinePoint{})
	copy(a.points[i+1:], a.points[i:])
	a.points[i] = lp
}

// before returns the last anchor at or before off.
func (a *Anchors) before(off int) (LinePoint, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	i := sort.Search(len(a.points), func(i int) bool { return a.points[i].Off > off }) - 1
	if i < 0 {
		return LinePoint{}, false
	}
	return a.points[i], true
}

// Pos is the position of offset at of src. Without an anchor before it,
// it holds the file name and the offset alone.
func (a *Anchors) Pos(src []byte, at At) Pos {
	if a == nil {
		return Pos{Offset: at.Offset}
	}
	a.mu.Lock()
	c := a.shared
	a.mu.Unlock()
	p := c.Pos(src, at)
	a.mu.Lock()
	a.shared = c
	a.mu.Unlock()
	return p
}

// Cursor converts offsets with a file's Anchors, counting forward from
// its last conversion when the next one is after it in the same piece,
// so that conversions in order count each byte once. The zero Cursor of
// NewCursor's anchors is ready; a cursor is for one goroutine.
type Cursor struct {
	a      *Anchors
	anchor int // the offset of the anchor cur was counted from, or -1
	cur    LinePoint
}

// NewCursor returns a cursor over a's anchors (nil for none).
func NewCursor(a *Anchors) Cursor { return Cursor{a: a, anchor: -1} }

// Pos is the position of offset at of src.
func (c *Cursor) Pos(src []byte, at At) Pos {
	off := at.Offset
	if c.a == nil {
		return Pos{Offset: off}
	}
	p, ok := c.a.before(off)
	if !ok || off > len(src) {
		return Pos{Filename: c.a.name, Offset: off}
	}
	if p.Off != c.anchor || c.cur.Off > off {
		c.anchor, c.cur = p.Off, p
	}
	c.cur.advance(src, off)
	return Pos{Filename: c.a.name, Offset: off, Line: c.cur.Line, Column: off - c.cur.LineStart + 1}
}

// PosOf is the position of the offset at of src, the file's text.
func (f *File) PosOf(src []byte, at At) Pos {
	p := f.Lines.Pos(src, at)
	if f.Lines == nil {
		p.Filename = f.Name
	}
	return p
}
