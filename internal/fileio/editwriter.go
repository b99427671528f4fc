package fileio

import (
	"bufio"
	"errors"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/mhlo-alias/mhlo-alias/edit"
)

// ErrMismatch is the writer's error when the input ends before every
// edit was applied, or when the edits do not go on from those applied
// (Continues).
var ErrMismatch = errors.New("speculative prefix does not match the edits")

// EditWriter writes the input with edits applied, in steps: what it has
// written is always in.data[:at] with the edits applied, in order.
type EditWriter struct {
	In      *Input
	F       *os.File
	BW      *bufio.Writer
	At      int
	Applied []edit.Edit
	// out is the output's size so far, buffered bytes included.
	out int64
	// orig holds, for a streamed input, each applied edit's original
	// text, so that the input can be rebuilt from the output.
	orig []string
	// Prefixed is how far the prefix phase had written when every edit
	// became known (for tests).
	Prefixed int
}

// Continues reports whether the sorted edit list full goes on from what
// was written: it begins with the edits applied and has no other edit
// before at.
func (w *EditWriter) Continues(full []edit.Edit) bool {
	n := len(w.Applied)
	return len(full) >= n && slices.Equal(full[:n], w.Applied) && (len(full) == n || full[n].Start >= w.At)
}

// CopyRest writes the rest of the input, applying the rest of the edits
// full; a spooled input is copied as it arrives, to its end. Whether
// every edit was applied is for the caller to check.
func (w *EditWriter) CopyRest(full []edit.Edit) error {
	if w.In.Grow == nil {
		return w.CopyTo(len(w.In.Data), full[len(w.Applied):])
	}
	for have := -1; ; {
		n, done := w.In.Grow.Wait(have)
		if err := w.CopyTo(n, full[len(w.Applied):]); err != nil {
			return err
		}
		if done {
			return nil
		}
		have = n
	}
}

// CopyTo writes on up to the offset y, applying the edits (sorted, none
// before at) that end by y; it stops before an edit that reaches past y.
func (w *EditWriter) CopyTo(y int, edits []edit.Edit) error {
	return w.copyTo(y, edits, false)
}

// CopyToward is CopyTo for a writer that will be called again: the text
// after the last edit is copied only up to the last offset before y that
// ends a piece of the output (a multiple of WritePiece), where it would
// be copied to anyway, so that each write of the text from memory is of
// whole pieces (see WritePiece). Only a streamed input's writer, which
// writes from memory as the pipe is read, holds text back.
func (w *EditWriter) CopyToward(y int, edits []edit.Edit) error {
	return w.copyTo(y, edits, w.Streamed() && !w.In.Grow.Flushing())
}

func (w *EditWriter) copyTo(y int, edits []edit.Edit, hold bool) error {
	for _, e := range edits {
		if e.End > y {
			y = min(y, e.Start)
			break
		}
		if err := w.In.copyRange(w.BW, w.F, w.At, e.Start, w.out); err != nil {
			return err
		}
		w.out += int64(e.Start - w.At)
		if _, err := w.BW.WriteString(e.New); err != nil {
			return err
		}
		w.out += int64(len(e.New))
		if w.Streamed() {
			w.orig = append(w.orig, string(w.In.Current()[e.Start:e.End]))
		}
		w.At = e.End
		w.Applied = append(w.Applied, e)
	}
	if hold {
		// The output offset of y, down to a whole piece.
		end := (w.out + int64(y-w.At)) / WritePiece * WritePiece
		y = max(w.At, w.At+int(end-w.out))
	}
	if y > w.At {
		if err := w.In.copyRange(w.BW, w.F, w.At, y, w.out); err != nil {
			return err
		}
		w.out += int64(y - w.At)
		w.At = y
	}
	if w.Streamed() {
		w.In.Grow.WroteOut(w.At, w.out)
	}
	return nil
}

// Streamed reports whether the writer copies a streamed input, from its
// ring.
func (w *EditWriter) Streamed() bool { return w.In.Grow != nil && w.In.Grow.InRing() }

// WrittenInput returns readers of the input's first n bytes, rebuilt
// from the output the writer wrote (the input with the edits it applied,
// from the start to beyond n): the text between edits from the output,
// each edit's original text from what the writer kept of it.
func (w *EditWriter) WrittenInput(n int) ([]io.Reader, error) {
	if err := w.BW.Flush(); err != nil {
		return nil, err
	}
	if w.At < n {
		return nil, errors.New("the stream's start is lost")
	}
	var parts []io.Reader
	x, o := 0, int64(0) // input and output offsets
	for i, e := range w.Applied {
		if x >= n {
			break
		}
		end := min(e.Start, n)
		parts = append(parts, io.NewSectionReader(w.F, o, int64(end-x)))
		o += int64(e.Start - x)
		x = e.Start
		if x < n {
			orig := w.orig[i]
			parts = append(parts, strings.NewReader(orig[:min(len(orig), n-x)]))
		}
		x, o = e.End, o+int64(len(e.New))
	}
	if x < n {
		parts = append(parts, io.NewSectionReader(w.F, o, int64(n-x)))
	}
	return parts, nil
}

// PipeOf returns r as a pipe.
func PipeOf(r io.Reader) (*os.File, bool) {
	f, ok := r.(*os.File)
	if !ok {
		return nil, false
	}
	st, err := f.Stat()
	return f, err == nil && st.Mode()&os.ModeNamedPipe != 0
}
