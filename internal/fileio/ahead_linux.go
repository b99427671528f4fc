package fileio

import (
	"sync"
	"syscall"
	"unsafe"
)

// A large regular file is mapped, but the scan does not read the mapping:
// on a machine whose page tables are costly to fill (a virtual machine
// whose host checks them), the first touch of each page of a mapping costs
// more than reading the page would, about 3 us a page against 0.1 us. So
// the scan reads the file ahead of itself with pread, a chunk at a time,
// into fresh memory (a huge page each where the kernel has them, one page
// fault a chunk) that is then moved over the mapping at the chunk's place
// (mremap): the view the pipeline reads is the mapping of the file, with
// the last few chunks the scan read held in memory. Behind those, the
// file is mapped back over each chunk (mmap MAP_FIXED), which frees its
// memory. Every page of the view holds the file's bytes at every moment:
// each of the two calls replaces one mapping of those bytes by another in
// one step, so whoever reads the view (the scan, the pipeline, the writer
// on its own goroutine) reads the file, through memory where the scan has
// just been and through the mapping elsewhere. Nothing depends on the
// scan keeping to the ring: a read behind it, or a read of a file that
// changed, reads the mapping, as it would without the ring.
//
// The output is copied as from any mapped file: ranges of a megabyte or
// more from the file's descriptor (copy_file_range), the short ones
// between edits from the view.

// AheadStep is parser.Options.Step for a scan that reads ahead: the scan
// counts the lines of each step when it ends, which must still be in
// memory then (the last aheadChunks chunks) rather than read again
// through the mapping.
const AheadStep = 1 << 20

// AheadMin is the file size from which a mapped file is read ahead of
// the scan; a smaller one is read through its mapping. AheadChunk is how
// much is read at a time: a huge page. Variables for tests.
var (
	AheadMin   = 16 << 20
	AheadChunk = 2 << 20
)

// aheadChunks is how many chunks stay in memory, the newest included.
const aheadChunks = 4

// ahead is the read-ahead state of a mapped file. It is changed only by
// the scan's goroutine (More) and by Complete; the lock orders those with
// the page drops (Release, Drop) of others.
type ahead struct {
	mu     sync.Mutex
	view   []byte // the file's mapping, aligned to chunk
	fd     int
	size   int
	chunk  int    // AheadChunk when the file was mapped
	stage  []byte // where a chunk is read before it is moved into the view
	base   int    // view[base:filled] is in memory, the rest is the mapping
	filled int
	off    bool // no more reading ahead: the rest is read from the mapping
	seen   int  // the length of the view the scan was last given
}

// mapAhead maps the file to be read ahead of the scan (see ahead); any
// error leaves nothing mapped, and the caller maps the file plainly.
func (in *Input) mapAhead(size int64) error {
	if int64(int(size)) != size {
		return syscall.EFBIG
	}
	state, _ := statOf(in.File)
	n, chunk := int(size), AheadChunk
	span := (n + chunk - 1) / chunk * chunk
	const anon = syscall.MAP_PRIVATE | syscall.MAP_ANON | syscall.MAP_NORESERVE
	res, err := syscall.Mmap(-1, 0, span+chunk, syscall.PROT_NONE, anon)
	if err != nil {
		return err
	}
	start := chunk - int(uintptr(unsafe.Pointer(&res[0]))%uintptr(chunk))
	view := res[start : start+span]
	fd := int(in.File.Fd())
	if err := mapFileAt(view[:n], fd, 0); err != nil {
		syscall.Munmap(res)
		return err
	}
	st, err := syscall.Mmap(-1, 0, 2*chunk, syscall.PROT_READ|syscall.PROT_WRITE, anon)
	if err != nil {
		syscall.Munmap(res)
		return err
	}
	at := chunk - int(uintptr(unsafe.Pointer(&st[0]))%uintptr(chunk))
	stage := st[at : at+chunk]
	_ = madvise(stage, adviseHuge)
	a := &ahead{view: view, fd: fd, size: n, chunk: chunk, stage: stage}
	in.mapped, in.state, in.ahead = true, state, a
	in.Data = view[:n]
	mappings.Store(unsafe.SliceData(in.Data), in)
	in.unmap = func() error {
		mappings.Delete(unsafe.SliceData(view))
		syscall.Munmap(st)
		return syscall.Munmap(res)
	}
	page := syscallPage
	done := 0
	in.Drop = func(a0, b int) {
		a0 += page - 1
		a0 -= a0 % page
		b -= b % page
		a.drop(a0, b)
	}
	in.Release = func(off int) {
		off -= off % page
		if off > done {
			a.drop(done, off)
			done = off
		}
	}
	// The first chunk now: the kind of the input is told from its first
	// bytes.
	a.mu.Lock()
	a.fill()
	a.mu.Unlock()
	return nil
}

var syscallPage = syscall.Getpagesize()

// mapFileAt maps the file fd from offset off over b, replacing what was
// mapped there.
func mapFileAt(b []byte, fd, off int) error {
	_, _, e := syscall.Syscall6(syscall.SYS_MMAP, uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)),
		syscall.PROT_READ, syscall.MAP_SHARED|syscall.MAP_FIXED, uintptr(fd), uintptr(off))
	if e != 0 {
		return e
	}
	return nil
}

// fill reads the next chunk into memory and moves it into the view,
// first mapping the file back over the oldest chunk when there are
// aheadChunks of them. On any failure (a short read: the file was
// truncated; an older kernel) reading ahead stops and the rest is read
// through the mapping, as without it. The caller holds the lock.
func (a *ahead) fill() {
	if a.off || a.filled >= a.size {
		return
	}
	if a.filled-a.base >= aheadChunks*a.chunk {
		if mapFileAt(a.view[a.base:a.base+a.chunk], a.fd, a.base) != nil {
			a.stop()
			return
		}
		a.base += a.chunk
	}
	n := min(a.chunk, a.size-a.filled)
	m, err := syscall.Pread(a.fd, a.stage[:n], int64(a.filled))
	if err != nil || m != n {
		a.stop()
		return
	}
	// The stage stays mapped, empty, for the next chunk.
	if moveOver(a.stage, a.view[a.filled:a.filled+a.chunk]) != nil {
		a.stop()
		return
	}
	a.filled += n
}

// stop ends the reading ahead: the file is mapped back over every chunk,
// so that the view is the plain mapping again. The caller holds the lock.
func (a *ahead) stop() {
	if a.filled > a.base {
		end := min(a.filled+syscallPage-1, a.size+syscallPage-1)
		end -= end % syscallPage
		if mapFileAt(a.view[a.base:end], a.fd, a.base) == nil {
			a.base = a.filled
		}
	}
	a.off = true
}

// more is parser.Options.More for the scan of a file read ahead: the
// view up to the end of the chunk after have.
func (a *ahead) more(have int) []byte {
	a.mu.Lock()
	defer a.mu.Unlock()
	for a.filled <= have && !a.off && a.filled < a.size {
		a.fill()
	}
	if a.off {
		return a.view[:a.size]
	}
	return a.view[:a.filled]
}

// skip is parser.Options.SkipTo for the scan of a file read ahead: the
// scan has read the text before to through a window (Window), and goes
// on reading the view at to. The chunks in memory are mapped back to the
// file, and reading ahead goes on from the chunk that holds to: the text
// between was read once, by the window, and never through the view.
func (a *ahead) skip(to int) []byte {
	a.mu.Lock()
	defer a.mu.Unlock()
	if at := to - to%a.chunk; !a.off && at > a.filled {
		if a.filled > a.base {
			if mapFileAt(a.view[a.base:a.filled], a.fd, a.base) != nil {
				a.stop()
				return a.view[:a.size]
			}
		}
		a.base, a.filled = at, at
	}
	for a.filled <= to && !a.off && a.filled < a.size {
		a.fill()
	}
	if a.off {
		return a.view[:a.size]
	}
	return a.view[:a.filled]
}

// drop drops the mapping's pages in view[x:y] (whole pages) from memory,
// skipping the chunks in memory, whose pages are the only copy of the
// file's bytes in the view.
func (a *ahead) drop(x, y int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, r := range [][2]int{{x, min(y, a.base)}, {max(x, a.filled), y}} {
		if r[0] < r[1] {
			_ = madvise(a.view[r[0]:r[1]], adviseDontNeed)
		}
	}
}

// finish ends the reading ahead once the scan is over.
func (a *ahead) finish() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.stop()
}
