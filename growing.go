package mhloalias

import (
	"errors"
	"io"
	"os"
	"sync"
)

// A growing input is a stream spooled to an unlinked temporary file while
// it is read: a goroutine appends what arrives to the file, which is
// mapped once with room for far more than any module, and the scan reads
// the mapping as far as the file has come (parser.Options.More). So a
// pipe is scanned, and its output written, while it still flows, instead
// of after the whole of it has been spooled.
type growing struct {
	mu   sync.Mutex
	cond *sync.Cond
	n    int // bytes spooled so far
	done bool
	err  error  // the read or write error that ended the spool, if any
	all  []byte // the whole mapping; all[:n] is the input so far
	// ring is set for a streamed input (stream_linux.go), whose bytes are
	// in all only from ring.base on, and whose kept spans are in keep.
	ring *ring
	keep []byte
}

// growingChunk is how much the spooler moves between two wake-ups of the
// scan.
const growingChunk = 1 << 20

// spoolGrowing spools head and the rest of r to an unlinked temporary
// file, in the background, and returns the input as it grows; errNoSpool
// when the file cannot be made or mapped this way (the caller spools the
// whole stream first instead).
func spoolGrowing(display string, head []byte, r io.Reader) (*input, error) {
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
	g := &growing{n: len(head), all: all}
	g.cond = sync.NewCond(&g.mu)
	in := &input{display: display, data: all[:len(head)], file: f, unmap: unmap, grow: g}
	in.setRelease(all, g.size)
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
func (g *growing) add(n int) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.n+n > len(g.all) {
		return false
	}
	g.n += n
	g.cond.Broadcast()
	return true
}

// errTooLarge ends a growing input that outgrows its mapping.
var errTooLarge = errors.New("standard input is larger than the 1 TiB it can be read into")

// size is how much has been spooled so far.
func (g *growing) size() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.n
}

// wait blocks until more than have bytes are spooled or the spool has
// ended; it returns the size then and whether the spool has ended.
func (g *growing) wait(have int) (int, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for g.n <= have && !g.done {
		g.cond.Wait()
	}
	return g.n, g.done
}

// more is parser.Options.More for the input: the input so far, once it
// is longer than have bytes or has ended.
func (in *input) more(have int) []byte {
	if in.grow.ring != nil {
		return in.moreRing(have)
	}
	n, _ := in.grow.wait(have)
	return in.grow.all[:n]
}

// current is the input as far as it has arrived: all of it unless it is
// still growing (for a streamed input, only the bytes from the ring's
// base on may be read). Safe to call from any goroutine.
func (in *input) current() []byte {
	if in.grow == nil {
		return in.data
	}
	return in.grow.all[:in.grow.size()]
}

// complete waits for a growing input to end and makes data the whole of
// it; it returns the error that ended the spool, if any. For any other
// input it does nothing. Only the goroutine that reads data calls it.
func (in *input) complete() error {
	if in.grow == nil {
		return nil
	}
	n, _ := in.grow.wait(int(^uint(0) >> 1))
	in.data, in.completed = in.grow.all[:n], true
	return in.grow.err
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

// text is the input as the pipeline reads it: current, or for a streamed
// input its kept view (parser.Options.Keep), which holds the spans the
// pipeline reads and faults elsewhere.
func (in *input) text() []byte {
	if in.grow == nil || in.grow.ring == nil {
		return in.current()
	}
	return in.grow.keep[:in.grow.size()]
}

// waitEnd waits for the end of the input and returns the error that
// ended it; errAbandon when a streamed input was abandoned before its
// end.
func (g *growing) waitEnd() error {
	g.wait(int(^uint(0) >> 1))
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.ring != nil && g.ring.abandon {
		return errAbandon
	}
	return g.err
}

// readErr is the error that ended the input's reading, if any.
func (g *growing) readErr() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.err
}
