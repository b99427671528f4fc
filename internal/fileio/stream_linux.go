package fileio

import (
	"errors"
	"io"
	"os"
	"sync"
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
	g := &Growing{All: all, keep: keep, ring: &ring{r: p}}
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
		rg.reading = true
		g.mu.Unlock()
		end := (n/RingChunk + 1) * RingChunk
		m, err := rg.r.Read(g.All[n:end])
		g.mu.Lock()
		rg.reading = false
		g.n += max(m, 0)
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
	}
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
	g.mu.Unlock()
}

// RingBase is the offset of the oldest byte the ring holds.
func (g *Growing) RingBase() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.ring.base
}
