package fileio

import (
	"bufio"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/mhlo-alias/mhlo-alias/edit"
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
//
// The writer of a file or a spool is a goroutine of its own. The writer
// of a streamed pipe is not: it runs in steps on the scan's goroutine
// (step), each time the scan reads the pipe or tells it more, so that a
// piece of the pipe is read, scanned and written by one thread while it
// is in the processor's cache, as `cat` would, with no hand-off between
// goroutines.
type Speculation struct {
	in      *Input
	target  string // the file renamed over, symbolic links resolved
	inPlace bool

	// File is the output, once the writer has started.
	File *AtomicFile
	done chan error // the writer's result; nil until it starts
	wake chan struct{}

	mu       sync.Mutex  // guards the fields below, shared with the writer
	settled  int         // the prefix phase may copy up to here
	prefix   []edit.Edit // the edits of the prefix phase
	full     []edit.Edit // every edit, once known
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

	// inline is set for a streamed pipe's writer, which runs in steps
	// (nothing a step calls takes another); stepped once it has ended,
	// with its result in done.
	inline, stepped bool
	begun           bool // the rest's copy has begun (haveFull seen)
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
func (sp *Speculation) SetPrefix(edits []edit.Edit) {
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
func (sp *Speculation) Start(edits []edit.Edit, failed bool) {
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
		sp.inline = true
		sp.in.Grow.setWriter(sp.step)
		sp.step()
		return
	}
	go func() {
		var err error
		if gerr := sp.in.Guard(func() { err = sp.write() }); gerr != nil {
			err = gerr
		}
		sp.endWriter(err)
	}()
	sp.Poke()
}

// Poke wakes the writer; a streamed pipe's writer takes a step at once.
func (sp *Speculation) Poke() {
	if sp.inline {
		sp.step()
		return
	}
	select {
	case sp.wake <- struct{}{}:
	default:
	}
}

// step is a streamed pipe's writer: it copies what it may now, the
// settled prefix or, once every edit is known, what the scan has read,
// and returns without waiting. It runs on the scan's goroutine, from
// Poke and from the ring before each read of the pipe (Growing.pull);
// once it has ended, with the output written or not, its result is in
// done.
func (sp *Speculation) step() {
	if sp.stepped {
		return
	}
	g := sp.in.Grow
	var err error
	ended := true
	if gerr := sp.in.Guard(func() { ended, err = sp.stepOnce() }); gerr != nil {
		ended, err = true, gerr
	}
	if !ended {
		return
	}
	sp.stepped = true
	// A writer that has stopped frees nothing more of the ring; one that
	// failed to write lets the scan go on alone (the run then reports the
	// write error, see processStream).
	g.setWriter(nil)
	if WriteFailed(err) {
		g.Wrote(int(^uint(0) >> 1))
	}
	sp.endWriter(err)
}

// endWriter records that the writer has ended with err.
func (sp *Speculation) endWriter(err error) {
	sp.mu.Lock()
	sp.ended = true
	sp.cond.Broadcast()
	sp.mu.Unlock()
	sp.done <- err
}

// stepOnce is one step of the writer of step; ended reports whether it
// is done, with the result err.
func (sp *Speculation) stepOnce() (ended bool, err error) {
	w := &sp.W
	sp.mu.Lock()
	stop, haveFull, full, prefix, settled := sp.stop, sp.haveFull, sp.full, sp.prefix, sp.settled
	sp.mu.Unlock()
	switch {
	case stop:
		return true, ErrStopped
	case haveFull:
		if !sp.begun {
			if err := sp.begin(full); err != nil {
				return true, err
			}
			sp.begun = true
		}
		n, done := w.In.Grow.arrived()
		copyTo := w.CopyToward
		if done {
			copyTo = w.CopyTo
		}
		if err := copyTo(n, full[len(w.Applied):]); err != nil {
			return true, err
		}
		if !done {
			return false, nil
		}
		return true, sp.end(full)
	default:
		return false, sp.copyPrefix(settled, prefix)
	}
}

// begin checks that every edit, full, goes on from what the prefix phase
// wrote, before the rest is copied.
func (sp *Speculation) begin(full []edit.Edit) error {
	if !sp.W.Continues(full) {
		return ErrMismatch
	}
	sp.W.Prefixed = sp.W.At
	return nil
}

// end finishes an output whose input has been copied to its end: every
// edit of full must have been applied, and the output is flushed and
// truncated where the writer stopped (a named input's output was
// preallocated to the input's size).
func (sp *Speculation) end(full []edit.Edit) error {
	w := &sp.W
	if g := w.In.Grow; g != nil {
		if err := g.ReadErr(); err != nil {
			return err
		}
	}
	if len(w.Applied) < len(full) {
		return ErrMismatch
	}
	if err := w.BW.Flush(); err != nil {
		return err
	}
	n, err := w.F.Seek(0, io.SeekCurrent)
	if err != nil {
		return err
	}
	return w.F.Truncate(n)
}

// write is the writer: it copies the settled prefix as it grows, then,
// once every edit is known, the whole rest.
func (sp *Speculation) write() error {
	w := &sp.W
	for {
		<-sp.wake
		sp.mu.Lock()
		stop, haveFull, full, prefix, settled := sp.stop, sp.haveFull, sp.full, sp.prefix, sp.settled
		sp.mu.Unlock()
		switch {
		case stop:
			return ErrStopped
		case haveFull:
			if err := sp.begin(full); err != nil {
				return err
			}
			if err := w.CopyRest(full); err != nil {
				return err
			}
			return sp.end(full)
		default:
			if err := sp.copyPrefix(settled, prefix); err != nil {
				return err
			}
		}
	}
}

// copyPrefix is the prefix phase's copy up to settled, applying the
// module's edits prefix as it reaches them.
func (sp *Speculation) copyPrefix(settled int, prefix []edit.Edit) error {
	w := &sp.W
	if err := w.CopyToward(settled, prefix[len(w.Applied):]); err != nil {
		return err
	}
	sp.mu.Lock()
	sp.handled = settled
	sp.cond.Broadcast()
	sp.mu.Unlock()
	return nil
}

// Finish stops a writer still waiting, waits for it and commits its output
// when the result is OK (ok) and has exactly the edits it wrote; it reports
// whether it did. Otherwise the output is removed.
func (sp *Speculation) Finish(edits []edit.Edit, ok bool) bool {
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
		full := sp.haveFull
		sp.mu.Unlock()
		if sp.inline && full {
			// A streamed pipe's writer copies to the end of the input,
			// read as it steps; a stopped one ends at its next step.
			sp.in.Grow.Wait(int(^uint(0) >> 1))
		}
		sp.Poke()
		sp.werr, sp.halted = <-sp.done, true
	}
	return sp.werr
}

// Matches reports whether the writer, which ended with err, wrote the
// output of a result that is OK (ok) with these edits.
func (sp *Speculation) Matches(edits []edit.Edit, ok bool, err error) bool {
	return ok && err == nil && slices.Equal(edits, sp.W.Applied)
}
