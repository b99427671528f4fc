package fileio

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
)

// Input is one input's bytes and, when they are a file's, the open file,
// so that unchanged ranges can be copied file to file by the kernel.
type Input struct {
	Path    string   // the file's path; "" for a reader or bytes
	Display string   // the name diagnostics use
	Data    []byte   // what the pipeline reads
	File    *os.File // the file whose bytes Data holds, or nil
	// Release, when set, drops the pages of Data[from:to] from memory (the
	// whole pages inside it); a later read of them reads the file again.
	Release func(from, to int)
	unmap   func() error
	// mapped is set when Data maps the whole of File, whose stat was
	// state then.
	mapped bool
	state  os.FileInfo
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
	in, err := loadFile(path, path, f)
	if err == nil && OpenedHook != nil {
		OpenedHook(path)
	}
	return in, err
}

// OpenedHook, when set, is called once a file is mapped (for tests, which
// change the file under the mapping).
var OpenedHook func(path string)

// loadFile is the input of f: mapped, or read where it cannot be (an
// empty file, a system without mmap). On error f is closed.
func loadFile(path, display string, f *os.File) (*Input, error) {
	in := &Input{Path: path, Display: display, File: f}
	st, err := f.Stat()
	if err == nil && !(st.Mode().IsRegular() && st.Size() > 0 && in.mapFile(st) == nil) {
		in.Data, err = io.ReadAll(io.NewSectionReader(f, 0, math.MaxInt64))
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return in, nil
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
		return nil, fmt.Errorf("%s: no reader", cmp.Or(display, "input"))
	}
	if f, ok := r.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			if off, err := f.Seek(0, io.SeekCurrent); err == nil && off == 0 {
				if d, err := dupFile(f); err == nil {
					return loadFile("", display, d)
				}
			}
		}
	} else {
		r = &checkedReader{r: r, name: display}
	}
	in := &Input{Display: display}
	buf := make([]byte, 0, min(64<<10, MemoryBound))
	for off := 0; ; {
		if len(buf) == cap(buf) && in.File == nil {
			if len(buf) < MemoryBound {
				// Once: a stream longer than the first read holds up
				// to the bound, or is spilled.
				buf = append(make([]byte, 0, MemoryBound), buf...)
			} else if err := in.spill(buf); err != nil {
				in.Close()
				return nil, err
			} else {
				// From here each piece goes to the file as it arrives.
				buf = buf[:0:min(cap(buf), 1<<20)]
			}
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		if check != nil && n > 0 {
			if cerr := check(buf[len(buf):len(buf)+n], off); cerr != nil {
				in.Close()
				return nil, cerr
			}
		}
		buf, off = buf[:len(buf)+n], off+n
		if in.File != nil && n > 0 {
			if serr := in.spill(buf); serr != nil {
				err = serr
			}
			buf = buf[:0]
		}
		if err == io.EOF {
			if in.File == nil {
				in.Data = buf
				return in, nil
			}
			return loadFile("", display, in.File)
		}
		if err != nil {
			in.Close()
			return nil, err
		}
	}
}

// spill appends p to the unlinked temporary file a long stream is
// spilled to, creating it first.
func (in *Input) spill(p []byte) (err error) {
	if in.File == nil {
		if in.File, err = os.CreateTemp("", "mhlo-alias-stream-*"); err == nil {
			os.Remove(in.File.Name())
		}
	}
	if err == nil {
		_, err = in.File.Write(p)
	}
	if err != nil {
		return fmt.Errorf("%s: spilling the stream to a temporary file: %w", cmp.Or(in.Display, "input"), untemp(err, ""))
	}
	return nil
}

// A checkedReader is a reader given by the caller, which may break the
// io.Reader contract: a count out of range ends it with an error rather
// than a panic of whoever reads it, and so does a panic of its own.
type checkedReader struct {
	r    io.Reader
	name string
}

func (c *checkedReader) Read(p []byte) (n int, err error) {
	defer func() {
		if v := recover(); v != nil {
			n, err = 0, fmt.Errorf("reading %s: the reader panicked: %v", c.name, v)
		}
	}()
	n, err = c.r.Read(p)
	if n < 0 || n > len(p) {
		n, err = 0, fmt.Errorf("reading %s: the reader returned %d bytes for a buffer of %d", c.name, n, len(p))
	}
	return n, err
}

// CountLines returns the number of newlines in Data[start:end], dropping
// the pages of a mapped input behind it every 8 MiB.
func (in *Input) CountLines(start, end int) int {
	n := 0
	for a := start; a < end; a += 8 << 20 {
		b := min(a+8<<20, end)
		n += bytes.Count(in.Data[a:b], []byte{'\n'})
		if in.Release != nil {
			in.Release(a, b)
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
