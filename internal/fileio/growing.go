package fileio

import (
	"errors"
	"io"
	"os"
	"sync"
	"unsafe"
)

// A Growing input is a stream spooled to an unlinked temporary file while
// it is read: a goroutine appends what arrives to the file, which is
// mapped once with room for far more than any module, and the scan reads
// the mapping as far as the file has come (parser.Options.More). So a
// pipe is scanned, and its output written, while it still flows, instead
// of after the whole of it has been spooled.
type Growing struct {
	mu   sync.Mutex
	cond *sync.Cond
	n    int // bytes spooled so far
	done bool
	err  error  // the read or write error that ended the spool, if any
	All  []byte // the whole mapping; all[:n] is the input so far
	// ring is set for a streamed input (stream_linux.go), whose bytes are
	// in all only from ring.base on, and whose kept spans are in keep.
	ring *ring
	keep []byte
}

// InRing reports whether g is a streamed input, read into a ring
// (StreamPipe) rather than spooled.
func (g *Growing) InRing() bool { return g.ring != nil }

// growingChunk is how much the spooler moves between two wake-ups of the
// scan.
const growingChunk = 1 << 20

// spoolGrowing spools head and the rest of r to an unlinked temporary
// file, in the background, and returns the input as it grows; errNoSpool
// when the file cannot be made or mapped this way (the caller spools the
// whole stream first instead).
func spoolGrowing(display string, head []byte, r io.Reader) (*Input, error) {
	w, err := os.CreateTemp("", "mhlo-alias-stdin-*")
	if err != nil {
		return nil, errNoSpool
	}
	// The scan and the output read the file through a description of
	// their own, so that the spooler's writes and their reads do not share
	// a file offset.
	f, err := os.Open(w.Name())
	os.Remove(w.Name())
	if err != nil {
		w.Close()
		return nil, errNoSpool
	}
	if _, err := w.Write(head); err != nil {
		w.Close()
		f.Close()
		return nil, err
	}
	all, unmap, err := reserveMapping(f)
	if err != nil {
		w.Close()
		f.Close()
		return nil, errNoSpool
	}
	g := &Growing{n: len(head), All: all}
	g.cond = sync.NewCond(&g.mu)
	in := &Input{Display: display, Data: all[:len(head)], File: f, Grow: g}
	// The spool is a file: a front end that reads a few fields of it
	// reads them through the file (MappedReader), as for a named one.
	mappings.Store(unsafe.SliceData(all), in)
	in.unmap = func() error {
		mappings.Delete(unsafe.SliceData(all))
		return unmap()
	}
	in.setRelease(all, g.Size)
	go func() {
		err := copyStreamChunks(w, r, g.add)
		if cerr := w.Close(); err == nil {
			err = cerr
		}
		g.mu.Lock()
		g.done, g.err = true, err
		g.cond.Broadcast()
		g.mu.Unlock()
	}()
	return in, nil
}

// add records n more bytes spooled and wakes whoever waits for them; it
// is false when the input no longer fits the mapping.
func (g *Growing) add(n int) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.n+n > len(g.All) {
		return false
	}
	g.n += n
	g.cond.Broadcast()
	return true
}

// errTooLarge ends a growing input that outgrows its mapping.
var errTooLarge = errors.New("standard input is larger than the 1 TiB it can be read into")

// Size is how much has been spooled so far.
func (g *Growing) Size() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.n
}

// Wait blocks until more than have bytes are spooled or the spool has
// ended; it returns the size then and whether the spool has ended.
func (g *Growing) Wait(have int) (int, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.ring != nil {
		g.pull(have)
		return g.n, g.done
	}
	for g.n <= have && !g.done {
		g.cond.Wait()
	}
	return g.n, g.done
}

// More is parser.Options.More for the input: the input so far, once it
// is longer than have bytes or has ended.
func (in *Input) More(have int) []byte {
	if in.Grow.ring != nil {
		return in.MoreRing(have)
	}
	n, _ := in.Grow.Wait(have)
	return in.Grow.All[:n]
}

// Current is the input as far as it has arrived: all of it unless it is
// still growing (for a streamed input, only the bytes from the ring's
// base on may be read). Safe to call from any goroutine.
func (in *Input) Current() []byte {
	if in.Grow == nil {
		return in.Data
	}
	return in.Grow.All[:in.Grow.Size()]
}

// Complete waits for a growing input to end and makes Data the whole of
// it; it returns the error that ended the spool, if any. For a file read
// ahead of its scan it ends the reading ahead (see Ahead); for any other
// input it does nothing. Only the goroutine that reads Data calls it.
func (in *Input) Complete() error {
	if in.ahead != nil {
		in.ahead.finish()
	}
	if in.Grow == nil {
		return nil
	}
	n, _ := in.Grow.Wait(int(^uint(0) >> 1))
	in.Data, in.Completed = in.Grow.All[:n], true
	return in.Grow.err
}

// copyChunks copies the rest of r to f through a buffer, calling added
// with the size of each piece once it is in f.
func copyChunks(f *os.File, r io.Reader, added func(int) bool) error {
	buf := make([]byte, growingChunk)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			if _, werr := f.Write(buf[:n]); werr != nil {
				return werr
			}
			if !added(n) {
				return errTooLarge
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// Text is the input as the pipeline reads it: current, or for a streamed
// input its kept view (parser.Options.Keep), which holds the spans the
// pipeline reads and faults elsewhere.
func (in *Input) Text() []byte {
	if in.Grow == nil || in.Grow.ring == nil {
		return in.Current()
	}
	return in.Grow.keep[:in.Grow.Size()]
}

// WaitEnd waits for the end of the input and returns the error that
// ended it; ErrAbandon when a streamed input was abandoned before its
// end.
func (g *Growing) WaitEnd() error {
	g.Wait(int(^uint(0) >> 1))
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.ring != nil && g.ring.abandon {
		return ErrAbandon
	}
	return g.err
}

// ReadErr is the error that ended the input's reading, if any.
func (g *Growing) ReadErr() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.err
}
