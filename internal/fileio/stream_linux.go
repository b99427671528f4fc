package fileio

import (
	"errors"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"syscall"
	"unsafe"
)

// A streamed input is a pipe read into a ring of memory rather than into
// a spool: the scan reads it and the writer copies it to the output from
// the same bytes, and the bytes both have passed are reused for what
// comes next. The ring lives in a reservation of address space as large
// as a spool's mapping, so offsets are the input's own and the slice the
// scan reads never moves; a chunk both are done with is moved (mremap,
// its pages and not their bytes) to the place of the next, so that
// reading into it costs no page faults. Behind the ring only the spans
// the pipeline reads again are kept (a second reservation, see keepSpan):
// the run either finishes from those or abandons the stream and runs
// again on the input rebuilt from the output written so far, the ring
// and the rest of the pipe (the root package's stream.go).

// RingChunk and RingChunks size the ring: 8 MB of memory, in chunks of 2
// MB (a huge page each, where the kernel has them; a pipe's buffer is 1
// MiB). A 16 MB ring was no faster. Variables for tests.
var (
	RingChunk  = 2 << 20
	RingChunks = 4
)

// StreamStep is parser.Options.Step for a streamed input: the scan tells
// the ring and the writer how far it is every 256 KB, so that the writer
// copies what the scan has just read while it is still in the
// processor's cache (half of a 512 KB L2). With 1 MB, the writer's
// copies were of bytes read a megabyte before, and runs of the 420 MB
// pipe row took 0.26-0.59 s of processor time against 0.24-0.32 s (nine
// alternating runs each, docs/performance.md).
const StreamStep = 256 << 10

// ErrAbandon ends a streamed scan that cannot go on: the ring is full of
// bytes the writer or the scan still needs (a signature larger than the
// ring, no prefix phase, a writer that has stopped), or a read of bytes
// the ring no longer holds. The rule is one of state, never of time: the
// scan, the writer and the reading of the pipe are one goroutine, so a
// ring that a step of the writer does not free cannot be freed at all.
var ErrAbandon = errors.New("stream abandoned")

// ring is the state of a streamed input; it is guarded by the growing
// input's mutex.
type ring struct {
	base    int  // the oldest chunk's offset; the bytes before it are gone
	scanAt  int  // the scan is done with the bytes before it
	writeAt int  // the writer has copied the bytes before it
	abandon bool // the stream is abandoned: nothing more is read
	reading bool // a read of the pipe is under way, without the lock
	// readWait is set while a goroutine waits for a read under way.
	readWait bool
	// writer, once the output is started, is a step of its writer
	// (Speculation.step), taken before each read.
	writer func()
	r      *os.File

	// A window piece (streamWindow): the pipe's bytes from winAt to n
	// are in win, not in the ring, whose own bytes end at winAt; winAt is
	// -1 when no piece is out.
	win   []byte
	winAt int
	// flush has the writer's steps copy all they may, holding no text
	// back (EditWriter.CopyToward), while a window piece waits for them.
	flush bool
	// shift is the output's offset less the input's where the writer is
	// (for the window's pieces to end where the output's pieces do).
	shift int64
	// valid is where the ring's bytes are the input's from: after a
	// window piece, the ring's chunk holding the piece's rest holds other
	// bytes before it.
	valid int
}

// StreamPipe returns the pipe p as an input read into a ring as the scan
// asks for it; errNoSpool when the ring cannot be made (the caller reads
// the stream another way).
func StreamPipe(display string, p *os.File) (*Input, error) {
	const prot, flags = syscall.PROT_READ | syscall.PROT_WRITE, syscall.MAP_PRIVATE | syscall.MAP_ANON | syscall.MAP_NORESERVE
	// The ring's chunks are aligned to 2 MB and may be backed by huge
	// pages: the first pass over the ring then faults once a chunk, not
	// once a page (4096 faults of 16 MB are a tenth of a 45 MB run).
	const huge = 2 << 20
	mapped, err := syscall.Mmap(-1, 0, int(reserveBytes)+huge, prot, flags)
	if err != nil {
		return nil, errNoSpool
	}
	start := huge - int(uintptr(unsafe.Pointer(&mapped[0]))%huge)
	all := mapped[start : start+int(reserveBytes)]
	_ = madvise(all, adviseHuge)
	keep, err := keepReserve()
	if err != nil {
		syscall.Munmap(mapped)
		return nil, errNoSpool
	}
	widenPipe(p)
	g := &Growing{All: all, keep: keep, ring: &ring{r: p, winAt: -1}}
	g.cond = sync.NewCond(&g.mu)
	in := &Input{Display: display, Data: all[:0], Grow: g, unmap: func() error {
		syscall.Munmap(keep)
		return syscall.Munmap(mapped)
	}}
	return in, nil
}

// pull reads the pipe into the ring until it holds more than have bytes,
// the pipe has ended or the stream is abandoned. It runs on the scan's
// goroutine, which is also the writer's (Speculation.step): before each
// read the writer copies what it may, so that a piece of the pipe is
// read, scanned and written in turn while it is in the processor's cache,
// with no hand-off between goroutines. The caller holds the lock.
func (g *Growing) pull(have int) {
	rg := g.ring
	if rg.winAt >= 0 {
		// Only the window reads while a piece is out; anyone else reads
		// the ring.
		g.settleWindow(min(have, rg.scanAt, rg.writeAt))
	}
	for g.n <= have && !g.done && !rg.abandon {
		if rg.reading {
			rg.readWait = true
			g.cond.Wait()
			continue
		}
		if w := rg.writer; w != nil {
			g.mu.Unlock()
			w()
			g.mu.Lock()
		}
		if g.n >= rg.base+RingChunk*RingChunks {
			if rg.base+RingChunk > min(rg.scanAt, rg.writeAt) {
				// The scan or the writer holds the oldest chunk, and
				// the other cannot move it.
				g.abandonLocked()
				break
			}
			if err := g.recycle(); err != nil {
				// An older kernel (no MREMAP_DONTUNMAP) or a stream
				// larger than the reservation: the run goes on from
				// the rebuilt input.
				g.abandonLocked()
				break
			}
			continue
		}
		n := g.n
		g.n += g.readPipe(g.All[n : (n/RingChunk+1)*RingChunk])
	}
}

// WindowStep is how much of a function body a streamed input's window
// reads at a time (streamWindow), at most: the pieces end where the
// output's pieces do (WritePiece), so that the writer writes whole ones.
const WindowStep = 2 * WritePiece

// streamWindow is parser.Options.Window for a streamed input: a function
// body that runs past the ring is read from the pipe into one buffer,
// reused, a piece at a time, instead of into the ring. The scan passes
// over each piece, and the writer copies it from the buffer before the
// next is read into it; so a body's bytes are read into memory already
// in the processor's cache, as `cat` reads them, rather than into the
// ring's 8 MB. A piece is read only when the writer has copied
// everything before it; when it has not taken a whole piece before the
// next (the prefix phase held back, an edit ahead), the piece's rest goes
// into the ring, which then reads on (settleWindow).
func (in *Input) streamWindow() func(off int) []byte {
	g := in.Grow
	rg := g.ring
	rg.win = make([]byte, WindowStep)
	return func(off int) []byte {
		g.mu.Lock()
		defer g.mu.Unlock()
		if rg.winAt >= 0 {
			// The scan is done with the piece out.
			g.flushWriter()
			if rg.writeAt < g.n || off != g.n {
				g.settleWindow(min(off, rg.writeAt))
			}
		}
		if rg.abandon {
			panic(ErrAbandon)
		}
		if off < g.n && rg.winAt < 0 {
			return g.All[off:g.n]
		}
		if rg.winAt < 0 {
			g.flushWriter()
			if rg.writeAt < off || rg.writer == nil {
				g.pull(off)
				if rg.abandon {
					panic(ErrAbandon)
				}
				return g.All[off:g.n]
			}
		}
		if g.done {
			return nil
		}
		// The piece ends where a piece of the output does.
		r := (int64(off) + rg.shift) % WritePiece
		if r < 0 {
			r += WritePiece
		}
		k := WindowStep - int(r)
		m := g.readPipe(rg.win[:k])
		if m == 0 {
			return nil
		}
		rg.winAt = off
		g.n += m
		WindowPieces.Add(1)
		return rg.win[:m]
	}
}

// WindowPieces counts the pieces read through streamed inputs' windows,
// for tests.
var WindowPieces atomic.Int64

// flushWriter has the writer copy all it may now. The caller holds the
// lock.
func (g *Growing) flushWriter() {
	rg := g.ring
	if w := rg.writer; w != nil {
		rg.flush = true
		g.mu.Unlock()
		w()
		g.mu.Lock()
		rg.flush = false
	}
}

// settleWindow ends the window piece out, if any: its bytes from from on
// (clamped to the piece), which the scan or the writer still needs, are
// copied into the ring at their offsets, its chunks first moved up to
// from's. The ring's bytes before from are then not the input's (valid).
// The caller holds the lock.
func (g *Growing) settleWindow(from int) {
	rg := g.ring
	if rg.winAt < 0 {
		return
	}
	from = min(max(from, rg.winAt), g.n)
	for from >= rg.base+RingChunk {
		if err := g.recycle(); err != nil {
			// The piece's rest is in no place the run can read again:
			// a restream finds the stream's start lost.
			rg.valid, rg.winAt = g.n, -1
			g.abandonLocked()
			return
		}
	}
	copy(g.All[from:g.n], rg.win[from-rg.winAt:g.n-rg.winAt])
	rg.valid = max(rg.valid, from)
	rg.winAt = -1
}

// Flushing reports whether the writer is to copy all it may, holding no
// text back (a window piece waits for it).
func (g *Growing) Flushing() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.ring.flush
}

// SkipStream is parser.Options.SkipTo for a streamed input: the scan has
// passed over a body through the window to off and reads the ring from
// there on; it returns the input so far, as MoreRing does.
func (in *Input) SkipStream(off int) []byte {
	g := in.Grow
	g.mu.Lock()
	defer g.mu.Unlock()
	g.settleWindow(min(off, g.ring.writeAt))
	if g.ring.abandon {
		panic(ErrAbandon)
	}
	return g.All[:g.n]
}

// piece is the longest start of the input's bytes a to b that lie in one
// place, the ring or the window's piece, for the writer to copy.
func (g *Growing) piece(a, b int) []byte {
	g.mu.Lock()
	defer g.mu.Unlock()
	rg := g.ring
	if rg.winAt >= 0 && b > rg.winAt {
		if a >= rg.winAt {
			return rg.win[a-rg.winAt : b-rg.winAt]
		}
		return g.All[a:rg.winAt]
	}
	return g.All[a:b]
}

// readPipe reads the pipe once into dst, without the lock, and returns
// how much it read; the end of the pipe or an error ends the input. The
// caller holds the lock, and no other read is under way.
func (g *Growing) readPipe(dst []byte) int {
	rg := g.ring
	rg.reading = true
	g.mu.Unlock()
	m, err := rg.r.Read(dst)
	g.mu.Lock()
	rg.reading = false
	m = max(m, 0)
	switch {
	case err == io.EOF || (err == nil && m == 0):
		g.done = true
	case err != nil:
		g.done, g.err = true, err
	}
	if rg.readWait {
		rg.readWait = false
		g.cond.Broadcast()
	}
	return m
}

// abandonLocked abandons the stream: nothing more is read, and the
// writer sees the input end (its output is not committed). The caller
// holds the lock.
func (g *Growing) abandonLocked() {
	g.ring.abandon, g.done = true, true
	g.cond.Broadcast()
}

// setWriter makes w the writer's step taken before each read (nil: none).
func (g *Growing) setWriter(w func()) {
	g.mu.Lock()
	g.ring.writer = w
	g.mu.Unlock()
}

// arrived is how much of the input has been read, and whether that is
// all of it.
func (g *Growing) arrived() (int, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.n, g.done
}

// recycle moves the pages of the oldest chunk to the place of the chunk
// after the newest. The caller holds the lock.
func (g *Growing) recycle() error {
	rg := g.ring
	from := rg.base
	to := rg.base + RingChunk*RingChunks
	if to+RingChunk > len(g.All) {
		return errTooLarge
	}
	// The chunk's old place stays mapped (MREMAP_DONTUNMAP), and is then
	// made unreadable: a hole there would let the kernel place another
	// mapping (the Go heap's, say) inside the reservation, which Close
	// then unmaps. A read of it faults, which abandons the stream.
	old := g.All[from : from+RingChunk]
	if err := moveOver(old, g.All[to:to+RingChunk]); err != nil {
		return err
	}
	if err := syscall.Mprotect(old, syscall.PROT_NONE); err != nil {
		return err
	}
	rg.base += RingChunk
	return nil
}

// keepReserve maps the kept view of a streamed input: a reservation as
// large as the ring's in which only the pages of kept spans are readable,
// holding the input's bytes; a read of any other page faults.
func keepReserve() ([]byte, error) {
	const flags = syscall.MAP_PRIVATE | syscall.MAP_ANON | syscall.MAP_NORESERVE
	return syscall.Mmap(-1, 0, int(reserveBytes), syscall.PROT_NONE, flags)
}

// KeepSpan copies the pages holding in[a:b] from the ring into the kept
// view (parser.Options.Keep). It runs on the scan's goroutine, while the
// span is in the ring; were it not, the read faults and the stream is
// abandoned.
func (in *Input) KeepSpan(a, b int) {
	g := in.Grow
	page := os.Getpagesize()
	lo := a - a%page
	end := b + page - 1 - (b+page-1)%page
	// The span's last page is kept whole, once it has arrived (or the
	// input has ended): a read just past the span must see the input's
	// bytes there, not the zeros of a page copied in part.
	g.mu.Lock()
	g.pull(end - 1)
	abandon, hi := g.ring.abandon, min(end, g.n)
	g.mu.Unlock()
	if abandon {
		panic(ErrAbandon)
	}
	if lo >= hi {
		return
	}
	if err := syscall.Mprotect(g.keep[lo:lo+((hi-lo+page-1)/page)*page], syscall.PROT_READ|syscall.PROT_WRITE); err != nil {
		panic(ErrAbandon)
	}
	copy(g.keep[lo:hi], g.All[lo:hi])
}

// MoreRing is parser.Options.More for a streamed input.
func (in *Input) MoreRing(have int) []byte {
	g := in.Grow
	g.mu.Lock()
	g.pull(have)
	abandon, n := g.ring.abandon, g.n
	g.mu.Unlock()
	if abandon {
		panic(ErrAbandon)
	}
	return g.All[:n]
}

// Scanned records that the scan is done with the bytes before off
// (parser.Options.Release for a streamed input).
func (g *Growing) Scanned(off int) {
	g.mu.Lock()
	g.ring.scanAt = max(g.ring.scanAt, off)
	g.mu.Unlock()
}

// Wrote records that the writer has copied the bytes before off.
func (g *Growing) Wrote(off int) {
	g.mu.Lock()
	g.ring.writeAt = max(g.ring.writeAt, off)
	g.mu.Unlock()
}

// WroteOut is Wrote for a writer whose output is out bytes long then.
func (g *Growing) WroteOut(off int, out int64) {
	g.mu.Lock()
	g.ring.writeAt = max(g.ring.writeAt, off)
	g.ring.shift = out - int64(off)
	g.mu.Unlock()
}

// Stop ends the reading into the ring, once a read under way has
// returned: what was read is all[base:n], and the pipe's rest is still in
// the pipe.
func (g *Growing) Stop() {
	g.mu.Lock()
	g.abandonLocked()
	for g.ring.reading {
		g.ring.readWait = true
		g.cond.Wait()
	}
	// A window piece's bytes the writer has not copied go to the ring.
	g.settleWindow(g.ring.writeAt)
	g.mu.Unlock()
}

// RingBase is the offset of the oldest byte the ring holds.
func (g *Growing) RingBase() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return max(g.ring.base, g.ring.valid)
}
