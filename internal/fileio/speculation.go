package fileio

import (
	"bufio"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/mhlo-alias/mhlo-alias/printer"
)

// Speculation is an output written while the scan goes on, from the edits
// known so far.
//
// It goes in up to two phases. When the module's own edit is known before
// the entry function is read, the caller hands it over (SetPrefix) and the
// prefix phase copies the text before the entry function, with that edit,
// behind the scan, as far as the caller says the text is settled (Settle).
// Once every edit is known (Start) the rest is copied while the scan goes
// on. What was written is always the input with the edits the writer
// applied; Finish commits it only when those are exactly the result's.
type Speculation struct {
	in      *Input
	target  string // the file renamed over, symbolic links resolved
	inPlace bool

	// File is the output, once the writer has started.
	File *AtomicFile
	done chan error // the writer's result; nil until it starts
	wake chan struct{}

	mu       sync.Mutex     // guards the fields below, shared with the writer
	settled  int            // the prefix phase may copy up to here
	prefix   []printer.Edit // the edits of the prefix phase
	full     []printer.Edit // every edit, once known
	haveFull bool
	stop     bool
	// handled is the last settled offset the writer has acted on, ended
	// whether it has returned; with SyncPrefix, Settle waits for them.
	handled int
	ended   bool
	cond    *sync.Cond

	// W is the writer's own; read after Halt.
	W EditWriter

	halted bool  // Halt has waited for the writer
	werr   error // the writer's result, once halted
}

// ErrStopped is the writer's result when it was stopped before the end.
var ErrStopped = errors.New("speculative output stopped")

// WriteFailed reports whether the writer's result err is a failure to
// write, rather than a stop.
func WriteFailed(err error) bool {
	return err != nil && err != ErrStopped && err != ErrMismatch
}

// NewSpeculation returns a speculation for writing in to out (in place,
// over the file a symbolic link names, when inPlace), or nil when in is
// not a file or a streamed pipe, or out is not a regular file.
func NewSpeculation(in *Input, out string, inPlace bool) *Speculation {
	streamed := in.Grow != nil && in.Grow.InRing()
	if in.File == nil && !streamed {
		return nil
	}
	target := out
	if inPlace {
		var err error
		if target, err = filepath.EvalSymlinks(out); err != nil {
			return nil
		}
	}
	if st, err := os.Stat(target); err == nil && !st.Mode().IsRegular() {
		return nil
	}
	sp := &Speculation{in: in, target: target, inPlace: inPlace, wake: make(chan struct{}, 1)}
	sp.cond = sync.NewCond(&sp.mu)
	return sp
}

// SyncPrefix makes Settle wait until the writer has copied up to the
// offset it was given, so that tests see the prefix phase write whatever
// the scheduling.
var SyncPrefix = false

// SetPrefix hands the prefix phase the module's edit and starts the
// writer.
func (sp *Speculation) SetPrefix(edits []printer.Edit) {
	sp.mu.Lock()
	sp.prefix = edits
	sp.mu.Unlock()
	sp.Launch()
}

// Settle lets the prefix phase copy up to off, once the writer has
// started.
func (sp *Speculation) Settle(off int) {
	if sp.done == nil {
		return
	}
	sp.mu.Lock()
	sp.settled = off
	sp.mu.Unlock()
	sp.Poke()
	if SyncPrefix {
		sp.mu.Lock()
		for sp.handled < off && !sp.ended {
			sp.cond.Wait()
		}
		sp.mu.Unlock()
	}
}

// Stop keeps the writer from starting, or stops it at its next step.
func (sp *Speculation) Stop() {
	sp.mu.Lock()
	sp.stop = true
	sp.mu.Unlock()
	sp.Poke()
}

// Launched reports whether the writer has started.
func (sp *Speculation) Launched() bool { return sp.done != nil }

// Start hands the writer every edit, starting it if the prefix phase did
// not; when the early pipeline failed (failed), or in place nothing changes, the
// writer stops instead and the output is written from the result.
func (sp *Speculation) Start(edits []printer.Edit, failed bool) {
	sp.mu.Lock()
	if failed || (sp.inPlace && len(edits) == 0) {
		sp.stop = true
	} else {
		sp.full, sp.haveFull = edits, true
	}
	sp.mu.Unlock()
	if !sp.Stopped() {
		sp.Launch()
	}
	sp.Poke()
}

func (sp *Speculation) Stopped() bool {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	return sp.stop
}

// Launch creates the temporary output and starts the writer, once. It is
// called from the scan's goroutine (parser hooks) or, for HLO text, from
// the goroutine of the early parse, which runs no parser hook; never from
// two at once.
func (sp *Speculation) Launch() {
	if sp.done != nil {
		return
	}
	file, err := CreateAtomic(sp.target)
	if err != nil {
		return
	}
	if sp.in.Grow == nil {
		Preallocate(file.Tmp, len(sp.in.Data))
	}
	sp.File, sp.done = file, make(chan error, 1)
	sp.W = EditWriter{In: sp.in, F: file.Tmp, BW: bufio.NewWriterSize(file.Tmp, 64<<10)}
	if sp.W.Streamed() {
		// Busy from now until it waits: a scan that waits meanwhile is
		// not stuck.
		sp.in.Grow.WriterIdle(false)
	}
	go func() {
		var err error
		if gerr := sp.in.Guard(func() { err = sp.write() }); gerr != nil {
			err = gerr
		}
		if sp.W.Streamed() {
			// A writer that has stopped frees nothing more of the ring;
			// one that failed to write lets the scan go on alone (the
			// run then reports the write error, see processStream).
			if WriteFailed(err) {
				sp.in.Grow.Wrote(int(^uint(0) >> 1))
			}
			sp.in.Grow.WriterIdle(true)
		}
		sp.mu.Lock()
		sp.ended = true
		sp.cond.Broadcast()
		sp.mu.Unlock()
		sp.done <- err
	}()
	sp.Poke()
}

// Poke wakes the writer.
func (sp *Speculation) Poke() {
	if sp.in.Grow != nil && sp.in.Grow.InRing() {
		sp.in.Grow.Poke()
		return
	}
	select {
	case sp.wake <- struct{}{}:
	default:
	}
}

// write is the writer: it copies the settled prefix as it grows, then,
// once every edit is known, the whole rest.
func (sp *Speculation) write() error {
	w := &sp.W
	for {
		// A streamed input's reader needs to know whether the writer is
		// waiting to be told more, or busy.
		if w.Streamed() {
			w.In.Grow.AwaitPoke()
		} else {
			<-sp.wake
		}
		sp.mu.Lock()
		stop, haveFull, full, prefix, settled := sp.stop, sp.haveFull, sp.full, sp.prefix, sp.settled
		sp.mu.Unlock()
		switch {
		case stop:
			return ErrStopped
		case haveFull:
			if !w.Continues(full) {
				return ErrMismatch
			}
			w.Prefixed = w.At
			if err := w.CopyRest(full); err != nil {
				return err
			}
			if err := w.BW.Flush(); err != nil {
				return err
			}
			// The file was preallocated to the input's size: it ends
			// where the writer stopped.
			n, err := w.F.Seek(0, io.SeekCurrent)
			if err != nil {
				return err
			}
			return w.F.Truncate(n)
		default:
			if err := w.CopyTo(settled, prefix[len(w.Applied):]); err != nil {
				return err
			}
			sp.mu.Lock()
			sp.handled = settled
			sp.cond.Broadcast()
			sp.mu.Unlock()
		}
	}
}

// Finish stops a writer still waiting, waits for it and commits its output
// when the result is OK (ok) and has exactly the edits it wrote; it reports
// whether it did. Otherwise the output is removed.
func (sp *Speculation) Finish(edits []printer.Edit, ok bool) bool {
	if sp.done == nil {
		return false
	}
	if !sp.Matches(edits, ok, sp.Halt()) || sp.in.Unchanged() != nil {
		sp.File.Abort()
		return false
	}
	return sp.File.Commit(sp.inPlace) == nil
}

// Halt stops a writer still waiting for the edits, waits for it and
// returns its result; it may be called again.
func (sp *Speculation) Halt() error {
	if !sp.halted {
		sp.mu.Lock()
		sp.stop = !sp.haveFull
		sp.mu.Unlock()
		sp.Poke()
		sp.werr, sp.halted = <-sp.done, true
	}
	return sp.werr
}

// Matches reports whether the writer, which ended with err, wrote the
// output of a result that is OK (ok) with these edits.
func (sp *Speculation) Matches(edits []printer.Edit, ok bool, err error) bool {
	return ok && err == nil && slices.Equal(edits, sp.W.Applied)
}
