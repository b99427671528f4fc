package fileio

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
)

// Input is one input's bytes and, when they are a file's, the open file,
// so that unchanged ranges can be copied file to file by the kernel.
type Input struct {
	Path    string   // the file's path; "" for a reader or bytes
	Display string   // the name diagnostics use
	Data    []byte   // what the pipeline reads
	File    *os.File // the file whose bytes Data holds, or nil
	// Release, when set, drops the pages of Data before an offset from
	// memory; a later read of them reads the file again.
	Release func(offset int)
	unmap   func() error
	// mapped is set when Data maps the whole of File, whose size and
	// modification time were state then.
	mapped bool
	state  fileState
}

// BytesInput is src itself, held in memory.
func BytesInput(display string, src []byte) *Input {
	return &Input{Display: display, Data: src}
}

// OpenFile maps the regular file at path read-only (reads it where it
// cannot be mapped); the input must be closed.
func OpenFile(path string) (*Input, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	in := &Input{Path: path, Display: path, File: f}
	if err := in.load(); err != nil {
		f.Close()
		return nil, err
	}
	if OpenedHook != nil {
		OpenedHook(path)
	}
	return in, nil
}

// OpenedHook, when set, is called once a file is mapped (for tests, which
// change the file under the mapping).
var OpenedHook func(path string)

// load maps in.File, or reads it when it cannot be mapped (an empty file,
// a system without mmap).
func (in *Input) load() error {
	st, err := in.File.Stat()
	if err != nil {
		return err
	}
	if st.Mode().IsRegular() && st.Size() > 0 && in.mapFile(st) == nil {
		return nil
	}
	in.Data, err = io.ReadAll(in.File)
	return err
}

// MemoryBound is how much of a stream is held in memory; a longer one is
// spilled to an unlinked temporary file, which is then mapped.
var MemoryBound = 16 << 20

// A Check looks at each piece of a stream as it arrives, p being the
// stream's bytes from offset off; its error ends the read.
type Check func(p []byte, off int) error

// ReadInput reads r to its end. A regular file read from its start
// (standard input redirected from one) is mapped as OpenFile maps it; any
// other stream is read into memory up to MemoryBound and spilled beyond
// it to an unlinked temporary file. check, when set, sees every piece as
// it arrives, and its error, or r's, ends the read and is ReadInput's.
// A reader that panics or returns a count out of range ends the input
// with an error.
func ReadInput(display string, r io.Reader, check Check) (*Input, error) {
	if r == nil {
		return nil, fmt.Errorf("%s: no reader", cmpName(display, "input"))
	}
	if f, ok := r.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			if off, err := f.Seek(0, io.SeekCurrent); err == nil && off == 0 {
				if d, err := dupFile(f); err == nil {
					in := &Input{Display: display, File: d}
					if err := in.load(); err != nil {
						d.Close()
						return nil, err
					}
					return in, nil
				}
			}
		}
	} else {
		r = &checkedReader{r: r, name: display}
	}
	buf := make([]byte, 0, min(64<<10, MemoryBound))
	for len(buf) < MemoryBound {
		if len(buf) == cap(buf) {
			// Once: a stream longer than the first read holds up to
			// the bound, or is spilled.
			buf = append(make([]byte, 0, MemoryBound), buf...)
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		if check != nil && n > 0 {
			if cerr := check(buf[len(buf):len(buf)+n], len(buf)); cerr != nil {
				return nil, cerr
			}
		}
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return BytesInput(display, buf), nil
		}
		if err != nil {
			return nil, err
		}
	}
	return spill(display, buf, r, check)
}

func cmpName(name, or string) string {
	if name == "" {
		return or
	}
	return name
}

// spill writes head and the rest of r, checked as it arrives, to an
// unlinked temporary file and maps it.
func spill(display string, head []byte, r io.Reader, check Check) (*Input, error) {
	f, err := os.CreateTemp("", "mhlo-alias-stream-*")
	if err != nil {
		return nil, fmt.Errorf("%s: spilling the stream: %w", cmpName(display, "input"), err)
	}
	os.Remove(f.Name())
	in := &Input{Display: display, File: f}
	if err := in.fill(head, r, check); err != nil {
		f.Close()
		var pe *os.PathError
		if errors.As(err, &pe) && pe.Path == f.Name() {
			err = fmt.Errorf("%s: spilling the stream to a temporary file: %w", cmpName(display, "input"), pe.Err)
		}
		return nil, err
	}
	if err := in.load(); err != nil {
		f.Close()
		return nil, err
	}
	return in, nil
}

// fill writes head and the rest of r to in.File, passing each piece
// through check, and rewinds the file.
func (in *Input) fill(head []byte, r io.Reader, check Check) error {
	off := len(head)
	if _, err := in.File.Write(head); err != nil {
		return err
	}
	buf := make([]byte, 1<<20)
	for {
		n, err := r.Read(buf)
		if check != nil && n > 0 {
			if cerr := check(buf[:n], off); cerr != nil {
				return cerr
			}
		}
		if _, werr := in.File.Write(buf[:n]); werr != nil {
			return werr
		}
		off += n
		if err == io.EOF {
			_, err = in.File.Seek(0, io.SeekStart)
			return err
		}
		if err != nil {
			return err
		}
	}
}

// A checkedReader is a reader given by the caller, which may break the
// io.Reader contract: a count out of range ends it with an error rather
// than a panic of whoever reads it, and so does a panic of its own.
type checkedReader struct {
	r    io.Reader
	name string
	err  error // once set, every Read returns it
}

func (c *checkedReader) Read(p []byte) (n int, err error) {
	if c.err != nil {
		return 0, c.err
	}
	defer func() {
		if v := recover(); v != nil {
			n, err = 0, fmt.Errorf("reading %s: the reader panicked: %v", c.name, v)
		}
		if err != nil && err != io.EOF {
			c.err = err
		}
	}()
	n, err = c.r.Read(p)
	if n < 0 || n > len(p) {
		n, err = 0, fmt.Errorf("reading %s: the reader returned %d bytes for a buffer of %d", c.name, n, len(p))
	}
	return n, err
}

// countWindow is how much of a mapped input CountLines reads before it
// drops those pages again.
const countWindow = 8 << 20

// CountLines returns the number of newlines in Data[start:end], dropping
// the pages of a mapped input behind it.
func (in *Input) CountLines(start, end int) int {
	n := 0
	for a := start; a < end; a += countWindow {
		b := min(a+countWindow, end)
		n += bytes.Count(in.Data[a:b], []byte{'\n'})
		if in.Release != nil {
			in.Release(b)
		}
	}
	return n
}

// Close unmaps and closes the input; its data must not be used after.
// Closing it again does nothing.
func (in *Input) Close() error {
	var err error
	if in.unmap != nil {
		err = in.unmap()
		in.unmap = nil
	}
	if in.File != nil {
		err = errors.Join(err, in.File.Close())
		in.File = nil
	}
	return err
}
