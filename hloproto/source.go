package hloproto

import (
	"errors"
	"io"
	"sync"
)

// The largest tag, and the largest scalar value (a varint, fixed32 or
// fixed64) after one.
const (
	maxTag    = 10
	maxScalar = 10
)

// source is the bytes of a file, held in memory or read at offsets from a
// file (an io.ReaderAt); size is their length.
type source struct {
	mem  []byte
	r    io.ReaderAt
	size int
	// win is the last block read from r, from offset winAt.
	win   []byte
	winAt int
	// block is the size of the next read (peekBlock to maxBlock).
	block int
	// err is the first read error; the walk then sees the file end early.
	err error
}

func memSource(b []byte) *source { return &source{mem: b, size: len(b)} }

func fileSource(r io.ReaderAt, size int64) *source {
	if int64(int(size)) != size {
		return &source{r: r, err: errors.New("the file is too large to read")}
	}
	return &source{r: r, size: int(size)}
}

// peekBlock is how much a read from the file brings in at first: enough
// for the small messages near one another (a program shape, an alias
// table's entries) to be read in one call, small enough that the walk
// over tags megabytes apart (the literals of a large module) copies
// little. While the walk's reads fall just after the last one (the tags
// of a computation's many small instructions), each read brings in twice
// as much as the one before, up to maxBlock: a cache of 300 modules of 16
// KB to 1 MB took 65397 reads at 4 KiB each, and a few thousand so.
const (
	peekBlock = 4 << 10
	maxBlock  = 256 << 10
)

// peek returns n bytes from off (fewer at the end of the file or after a
// read error), valid until the next call.
func (s *source) peek(off, n int) []byte {
	n = max(0, min(n, s.size-off))
	if s.mem != nil || s.r == nil {
		return s.mem[off : off+n]
	}
	if off >= s.winAt && off+n <= s.winAt+len(s.win) {
		return s.win[off-s.winAt : off-s.winAt+n]
	}
	if s.block == 0 || off > s.winAt+2*len(s.win) {
		s.block = peekBlock // the first read, or a jump: start small
	} else {
		s.block = min(2*s.block, maxBlock) // just after the last read
	}
	want := min(max(n, s.block), s.size-off)
	if cap(s.win) < want {
		s.putWindow()
		if want <= maxBlock {
			s.win = *windows.Get().(*[]byte)
		} else {
			s.win = make([]byte, want)
		}
	}
	s.win, s.winAt = s.win[:s.readAt(s.win[:want], off)], off
	return s.win[:min(n, len(s.win))]
}

// bytes returns n bytes from off, the caller's to keep (for a file read
// into memory, a slice of it).
func (s *source) bytes(off, n int) []byte {
	n = max(0, min(n, s.size-off))
	if s.mem != nil || s.r == nil {
		return s.mem[off : off+n]
	}
	if off >= s.winAt && off+n <= s.winAt+len(s.win) {
		return append([]byte(nil), s.win[off-s.winAt:off-s.winAt+n]...)
	}
	b := make([]byte, n)
	return b[:s.readAt(b, off)]
}

// windows are the buffers of reads from files, maxBlock bytes each: a
// walk over a directory of modules reads each through one, so that the
// thousands of walks do not each allocate (and leave to the collector)
// their own.
var windows = sync.Pool{New: func() any { b := make([]byte, maxBlock); return &b }}

// putWindow gives the source's read buffer back to windows, once nothing
// holds a slice of it (the walk is over, or a larger one replaces it).
func (s *source) putWindow() {
	if cap(s.win) == maxBlock {
		w := s.win[:maxBlock]
		windows.Put(&w)
	}
	s.win, s.winAt = nil, 0
}

// readAt fills b from off and returns how much it read.
func (s *source) readAt(b []byte, off int) int {
	if s.err != nil {
		return 0
	}
	n, err := s.r.ReadAt(b, int64(off))
	if n < len(b) {
		if err == nil || err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		s.err = err
	}
	return n
}
