package mhloalias

import (
	"bytes"
	"errors"
	"io"
	"os"
	"sync"
	"unsafe"
)

// input is one input's bytes and, for a regular file, the open file, so
// that unchanged ranges can be copied file to file by the kernel.
type input struct {
	path    string // the file's path; "" for a reader or bytes
	display string // the name diagnostics use
	data    []byte
	file    *os.File // the file data maps, or nil
	unmap   func() error
	// release, when set, drops the pages of data before an offset from
	// memory (they stay in the page cache and come back if read again).
	release func(offset int)
	// drop, when set, drops the whole pages inside data[a:b] from memory.
	drop func(a, b int)
	// grow is set while the input is a stream still being spooled; data
	// is then what had arrived when it was last looked at (see complete).
	grow *growing
	// completed is set once a growing input has ended and data holds all
	// of it.
	completed bool
	// streamed is set when the input was a stream written to a file
	// without a spool (ProcessReaderTo): its text is not kept.
	streamed bool
	// mapped is set when data maps the whole of file, whose size and
	// modification time were state then.
	mapped bool
	state  fileState
}

// dropWindow is how much of a mapped input countLines reads before it
// drops those pages again.
const dropWindow = 8 << 20

// countLines returns the number of newlines in data[start:end], dropping
// the pages of a mapped input behind it, so that counting the lines of a
// large file takes no more memory than scanning it.
func (in *input) countLines(start, end int) int {
	n := 0
	for a := start; a < end; a += dropWindow {
		b := min(a+dropWindow, end)
		n += bytes.Count(in.data[a:b], []byte{'\n'})
		if in.drop != nil {
			in.drop(a, b)
		}
	}
	return n
}

// mappings are the inputs whose data is a mapping of their file, by the
// mapping's first byte.
var mappings sync.Map // *byte -> *input

// mappedReader returns a reader of the file src maps when src is the
// whole of a mapped input, or nil: a front end that reads a few fields
// of a large file reads them through it rather than through the mapping.
func mappedReader(src []byte) io.ReaderAt {
	if len(src) == 0 {
		return nil
	}
	v, ok := mappings.Load(unsafe.SliceData(src))
	if !ok {
		return nil
	}
	in := v.(*input)
	if in.file == nil || len(in.data) != len(src) {
		return nil
	}
	return in.file
}

// bytesInput is src itself, held in memory.
func bytesInput(display string, src []byte) *input {
	return &input{display: display, data: src}
}

// openFile maps or reads the file at path.
func openFile(path string) (*input, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	in := &input{path: path, display: path, file: f}
	if err := in.load(); err != nil {
		f.Close()
		return nil, err
	}
	if openedHook != nil {
		openedHook(path)
	}
	return in, nil
}

// openedHook, when set, is called once a file is mapped (for tests, which
// change the file under the mapping).
var openedHook func(path string)

// load maps a regular file, or reads any other.
func (in *input) load() error {
	st, err := in.file.Stat()
	if err == nil && st.Mode().IsRegular() && st.Size() > 0 {
		if err = in.mapFile(st.Size()); err == nil {
			return nil
		}
	}
	in.data, err = io.ReadAll(in.file)
	return err
}

// spoolMin is the size from which a reader's content is spooled to a
// temporary file and mapped, rather than held in memory: the same memory
// bound and the same kernel copies as for a named file.
const spoolMin = 4 << 20

// readInput reads r whole. A regular file (standard input redirected from
// one) is mapped; a large stream is spooled to an unlinked temporary file
// and mapped; a small one is held in memory.
func readInput(display string, r io.Reader) (*input, error) {
	if f, ok := r.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			if off, err := f.Seek(0, io.SeekCurrent); err == nil && off == 0 {
				in := &input{display: display, file: f}
				if err := in.load(); err != nil {
					return nil, err
				}
				in.file = dupOrNil(f)
				return in, nil
			}
		}
	}
	head, err := io.ReadAll(io.LimitReader(r, spoolMin))
	if err != nil || len(head) < spoolMin {
		return bytesInput(display, head), err
	}
	in, err := spoolGrowing(display, head, r)
	if errors.Is(err, errNoSpool) {
		in, err = spool(display, head, r)
	}
	if errors.Is(err, errNoSpool) {
		rest, err := io.ReadAll(r)
		return bytesInput(display, append(head, rest...)), err
	}
	return in, err
}

var errNoSpool = errors.New("no temporary file")

// spool writes head and the rest of r to an unlinked temporary file and
// maps it.
func spool(display string, head []byte, r io.Reader) (*input, error) {
	f, err := os.CreateTemp("", "mhlo-alias-stdin-*")
	if err != nil {
		return nil, errNoSpool
	}
	os.Remove(f.Name())
	if _, err := f.Write(head); err != nil {
		f.Close()
		return nil, err
	}
	if err := copyStream(f, r); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		f.Close()
		return nil, err
	}
	in := &input{display: display, file: f}
	if err := in.load(); err != nil {
		f.Close()
		return nil, err
	}
	return in, nil
}

// dupOrNil returns a file of its own for the same open file as f, so that
// closing the input leaves the caller's f (standard input) open; nil if
// that fails, and then nothing is copied file to file.
func dupOrNil(f *os.File) *os.File {
	d, err := dupFile(f)
	if err != nil {
		return nil
	}
	return d
}

// Close unmaps and closes the input; its data must not be used after. A
// growing input is read to its end first, so that its spooler does not
// outlive it.
func (in *input) Close() error {
	if in.grow != nil && in.grow.ring != nil {
		in.grow.stop()
	} else if in.grow != nil {
		in.grow.wait(int(^uint(0) >> 1))
	}
	var err error
	if in.unmap != nil {
		err = in.unmap()
	}
	if in.file != nil {
		if cerr := in.file.Close(); err == nil {
			err = cerr
		}
	}
	return err
}
