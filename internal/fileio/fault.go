package fileio

import (
	"fmt"
	"io"
	"runtime/debug"
)

// ChangedError reports that an input file changed while it was mapped
// and read.
type ChangedError struct {
	// Name is the input's name as diagnostics print it.
	Name string
}

func (e *ChangedError) Error() string {
	if e == nil {
		return "input changed while being read"
	}
	return fmt.Sprintf("%s changed while being read", e.Name)
}

// Guard runs f, which reads the input's mapping, with faults turned into
// panics on this goroutine; such a panic is recovered as the input's
// ChangedError. Any other panic goes on. An input in memory runs f as it
// is.
func (in *Input) Guard(f func()) (err error) {
	if !in.mapped {
		f()
		return nil
	}
	old := debug.SetPanicOnFault(true)
	defer func() {
		debug.SetPanicOnFault(old)
		if r := recover(); r != nil {
			if _, ok := r.(interface{ Addr() uintptr }); !ok { // not a fault

				panic(r)
			}
			err = in.changed()
		}
	}()
	f()
	return nil
}

func (in *Input) changed() error { return &ChangedError{Name: in.Display} }

// Unchanged returns the input's ChangedError when its mapped file is no
// longer the size, or of the modification time, it had when mapped.
func (in *Input) Unchanged() error {
	if !in.mapped || in.File == nil {
		return nil
	}
	if now, err := in.File.Stat(); err == nil && (now.Size() != in.state.Size() || !now.ModTime().Equal(in.state.ModTime())) {
		return in.changed()
	}
	return nil
}

// ReadAt copies the input's bytes from off into p, as io.ReaderAt does:
// under Guard, so that a file truncated since it was mapped is its
// ChangedError rather than a fault, and checked against the file's stat,
// so that one rewritten in place is too.
func (in *Input) ReadAt(p []byte, off int64) (n int, err error) {
	if off < 0 {
		return 0, fmt.Errorf("%s: negative offset %d", in.Display, off)
	}
	if off >= int64(len(in.Data)) {
		return 0, io.EOF
	}
	if err := in.Guard(func() { n = copy(p, in.Data[off:]) }); err != nil {
		return 0, err
	}
	if err := in.Unchanged(); err != nil {
		return 0, err
	}
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// Bytes is the whole of the input for a caller that keeps it: Data
// itself when it is in memory, a copy (ReadAt) when it maps a file, since
// a mapping is unmapped by Close and faults where its file was truncated.
func (in *Input) Bytes() ([]byte, error) {
	if in.unmap == nil {
		return in.Data, nil
	}
	b := make([]byte, len(in.Data))
	if _, err := in.ReadAt(b, 0); err != nil && err != io.EOF {
		return nil, err
	}
	return b, nil
}
