package mhloalias

import (
	"errors"
	"io"
	"os"
	"sync"
	"syscall"
	"time"
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
// and the rest of the pipe (stream.go).

// ringChunk and ringChunks size the ring: 8 MB of memory, in chunks of 2
// MB (a huge page each, where the kernel has them; a pipe's buffer is 1
// MiB). A 16 MB ring was no faster. Variables for tests.
var (
	ringChunk  = 2 << 20
	ringChunks = 4
)

// streamStep is parser.Options.Step for a streamed input: the scan tells
// the ring and the writer how far it is every 1 MB, a small part of the
// ring.
const streamStep = 1 << 20

// ringStall is how long the reader waits for a chunk, while the scan
// waits for bytes and the writer for leave to copy (or has stopped),
// before it abandons the stream: nothing would move again (a signature
// larger than the ring, no prefix phase, a failed writer). The wait must
// last two periods in a row, the second begun after the first was seen
// to end.
const ringStall = 50 * time.Millisecond

// errAbandon ends a streamed scan that cannot go on (see ringStall, or a
// read of bytes the ring no longer holds).
var errAbandon = errors.New("stream abandoned")

// ring is the state of a streamed input; it is guarded by the growing
// input's mutex.
type ring struct {
	base    int  // the oldest chunk's offset; the bytes before it are gone
	scanAt  int  // the scan is done with the bytes before it
	writeAt int  // the writer has copied the bytes before it
	waiting bool // the scan waits for bytes
	idle    bool // the writer waits to be told it may copy more, or has not started
	abandon bool // the stream is abandoned: the scan stops, the reader too
	stalled time.Time
	confirm bool // the stall has lasted one period, and a second has begun
	r       *os.File
	stopped chan struct{} // closed when the reader has returned
}

// streamPipe starts reading the pipe p into a ring and returns the input
// as it grows; errNoSpool when the ring cannot be made (the caller reads
// the stream another way).
func streamPipe(display string, p *os.File) (*input, error) {
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
	const adviseHuge = 14 // MADV_HUGEPAGE
	_ = madvise(all, adviseHuge)
	keep, err := keepReserve()
	if err != nil {
		syscall.Munmap(mapped)
		return nil, errNoSpool
	}
	widenPipe(p)
	g := &growing{all: all, keep: keep, ring: &ring{r: p, idle: true, stopped: make(chan struct{})}}
	g.cond = sync.NewCond(&g.mu)
	in := &input{display: display, data: all[:0], grow: g, unmap: func() error {
		syscall.Munmap(keep)
		return syscall.Munmap(mapped)
	}}
	go func() {
		err := g.readRing()
		g.mu.Lock()
		g.done, g.err = true, err
		g.cond.Broadcast()
		g.mu.Unlock()
		close(g.ring.stopped)
	}()
	return in, nil
}

// readRing reads the pipe into the ring until its end, or until the
// stream is abandoned (then the pipe's rest is left to whoever rebuilds
// the input).
func (g *growing) readRing() error {
	rg := g.ring
	for {
		g.mu.Lock()
		for !rg.abandon && g.n >= rg.base+ringChunk*ringChunks {
			if rg.base+ringChunk <= min(rg.scanAt, rg.writeAt) {
				if err := g.recycle(); err != nil {
					// An older kernel (no MREMAP_DONTUNMAP) or a stream
					// larger than the reservation: the run goes on from
					// the rebuilt input.
					rg.abandon = true
					g.cond.Broadcast()
					g.mu.Unlock()
					return nil
				}
				continue
			}
			if rg.waiting && rg.idle {
				switch {
				case rg.stalled.IsZero():
					rg.stalled = time.Now()
					g.wakeAfter(ringStall)
				case time.Since(rg.stalled) < ringStall:
				case !rg.confirm:
					// A second period, begun now: a process that was not
					// running (a stopped process, a paused virtual
					// machine) finds every wait long when it runs again,
					// before the scan and the writer have had a turn.
					rg.confirm, rg.stalled = true, time.Now()
					g.wakeAfter(ringStall)
				default:
					rg.abandon = true
					g.cond.Broadcast()
				}
				if rg.abandon {
					break
				}
			} else {
				rg.stalled, rg.confirm = time.Time{}, false
			}
			g.cond.Wait()
		}
		if rg.abandon {
			g.mu.Unlock()
			return nil
		}
		n := g.n
		g.mu.Unlock()
		end := (n/ringChunk + 1) * ringChunk
		m, err := rg.r.Read(g.all[n:end])
		if m > 0 && !g.add(m) {
			return errTooLarge
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if m == 0 {
			return nil
		}
	}
}

// wakeAfter wakes the reader after d, to look at a stall again.
func (g *growing) wakeAfter(d time.Duration) {
	time.AfterFunc(d, func() {
		g.mu.Lock()
		g.cond.Broadcast()
		g.mu.Unlock()
	})
}

// recycle moves the pages of the oldest chunk to the place of the chunk
// after the newest. The caller holds the lock.
func (g *growing) recycle() error {
	rg := g.ring
	from := rg.base
	to := rg.base + ringChunk*ringChunks
	if to+ringChunk > len(g.all) {
		return errTooLarge
	}
	// The chunk's old place stays mapped (MREMAP_DONTUNMAP), and is then
	// made unreadable: a hole there would let the kernel place another
	// mapping (the Go heap's, say) inside the reservation, which Close
	// then unmaps. A read of it faults, which abandons the stream.
	const mayMove, fixed, dontUnmap = 1, 2, 4 // MREMAP_MAYMOVE, MREMAP_FIXED, MREMAP_DONTUNMAP (Linux 5.7)
	old := g.all[from : from+ringChunk]
	_, _, e := syscall.Syscall6(syscall.SYS_MREMAP, uintptr(unsafe.Pointer(&old[0])), uintptr(ringChunk), uintptr(ringChunk),
		mayMove|fixed|dontUnmap, uintptr(unsafe.Pointer(&g.all[to])), 0)
	if e != 0 {
		return e
	}
	if err := syscall.Mprotect(old, syscall.PROT_NONE); err != nil {
		return err
	}
	rg.base += ringChunk
	return nil
}

// keepReserve maps the kept view of a streamed input: a reservation as
// large as the ring's in which only the pages of kept spans are readable,
// holding the input's bytes; a read of any other page faults.
func keepReserve() ([]byte, error) {
	const flags = syscall.MAP_PRIVATE | syscall.MAP_ANON | syscall.MAP_NORESERVE
	return syscall.Mmap(-1, 0, int(reserveBytes), syscall.PROT_NONE, flags)
}

// keepSpan copies the pages holding in[a:b] from the ring into the kept
// view (parser.Options.Keep). It runs on the scan's goroutine, while the
// span is in the ring; were it not, the read faults and the stream is
// abandoned.
func (in *input) keepSpan(a, b int) {
	g := in.grow
	page := os.Getpagesize()
	lo := a - a%page
	end := b + page - 1 - (b+page-1)%page
	// The span's last page is kept whole, once it has arrived (or the
	// input has ended): a read just past the span must see the input's
	// bytes there, not the zeros of a page copied in part.
	g.mu.Lock()
	for g.n < end && !g.done && !g.ring.abandon {
		g.ring.waiting = true
		g.cond.Broadcast()
		g.cond.Wait()
	}
	g.ring.waiting = false
	abandon, hi := g.ring.abandon, min(end, g.n)
	g.mu.Unlock()
	if abandon {
		panic(errAbandon)
	}
	if lo >= hi {
		return
	}
	if err := syscall.Mprotect(g.keep[lo:lo+((hi-lo+page-1)/page)*page], syscall.PROT_READ|syscall.PROT_WRITE); err != nil {
		panic(errAbandon)
	}
	copy(g.keep[lo:hi], g.all[lo:hi])
}

// moreRing is parser.Options.More for a streamed input.
func (in *input) moreRing(have int) []byte {
	g := in.grow
	g.mu.Lock()
	for g.n <= have && !g.done && !g.ring.abandon {
		g.ring.waiting = true
		g.cond.Broadcast()
		g.cond.Wait()
	}
	g.ring.waiting = false
	abandon, n := g.ring.abandon, g.n
	g.mu.Unlock()
	if abandon {
		panic(errAbandon)
	}
	return g.all[:n]
}

// scanned records that the scan is done with the bytes before off
// (parser.Options.Release for a streamed input).
func (g *growing) scanned(off int) {
	g.mu.Lock()
	g.ring.scanAt = max(g.ring.scanAt, off)
	g.cond.Broadcast()
	g.mu.Unlock()
}

// wrote records that the writer has copied the bytes before off.
func (g *growing) wrote(off int) {
	g.mu.Lock()
	g.ring.writeAt = max(g.ring.writeAt, off)
	g.cond.Broadcast()
	g.mu.Unlock()
}

// stop ends the reading into the ring and waits for the reader: what it
// read is all[base:n], and the pipe's rest is still in the pipe.
func (g *growing) stop() {
	g.mu.Lock()
	g.ring.abandon = true
	g.cond.Broadcast()
	g.mu.Unlock()
	<-g.ring.stopped
}

// writerIdle records whether the writer waits to be told it may copy
// more.
func (g *growing) writerIdle(idle bool) {
	g.mu.Lock()
	g.ring.idle = idle
	g.cond.Broadcast()
	g.mu.Unlock()
}

// ringBase is the offset of the oldest byte the ring holds.
func (g *growing) ringBase() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.ring.base
}
