package fileio

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"unsafe"
)

// Input is one input's bytes and, for a regular file, the open file, so
// that unchanged ranges can be copied file to file by the kernel.
type Input struct {
	Path    string   // the file's path; "" for a reader or bytes
	Display string   // the name diagnostics use
	Data    []byte   // what the pipeline reads
	File    *os.File // the file Data maps, or nil
	unmap   func() error
	// Release, when set, drops the pages of Data before an offset from
	// memory (they stay in the page cache and come back if read again).
	Release func(offset int)
	// Drop, when set, drops the whole pages inside Data[a:b] from memory.
	Drop func(a, b int)
	// Grow is set while the input is a stream still being spooled; Data
	// is then what had arrived when it was last looked at (see Complete).
	Grow *Growing
	// Completed is set once a growing input has ended and Data holds all
	// of it.
	Completed bool
	// Streamed is set when the input was a stream written to a file
	// without a spool (the root package's ProcessReaderTo): its text is
	// not kept.
	Streamed bool
	// mapped is set when data maps the whole of file, whose size and
	// modification time were state then.
	mapped bool
	state  fileState
	// ahead is set for a large mapped file that the scan reads ahead of
	// itself rather than through the mapping (ahead_linux.go).
	ahead *ahead
}

// ReadsAhead reports whether the input is a file whose scan reads ahead
// of itself (see Ahead).
func (in *Input) ReadsAhead() bool { return in.ahead != nil }

// Ahead returns, for a file whose scan reads ahead of itself (a large
// mapped file, on Linux), what the scan starts from and the
// parser.Options.More that reads the rest as the scan asks for it; nil
// for any other input, whose scan reads Data. Data is the whole file all
// along: the reading ahead only decides what is read through memory
// rather than through the mapping, and Complete ends it.
func (in *Input) Ahead() (first []byte, more func() []byte) {
	if in.ahead == nil {
		return nil, nil
	}
	a := in.ahead
	first = a.more(0)
	a.seen = len(first)
	return first, func() []byte {
		v := a.more(a.seen)
		a.seen = len(v)
		return v
	}
}

// SkipTo is, for a file whose scan reads ahead of itself, the
// parser.Options.SkipTo that moves the reading ahead to where a scan
// that read the text before through Window goes on; nil for any other
// input.
func (in *Input) SkipTo() func(off int) []byte {
	a := in.ahead
	if a == nil {
		return nil
	}
	return func(off int) []byte {
		v := a.skip(off)
		a.seen = len(v)
		return v
	}
}

// WindowSize is how much of the file a Window reads at a time: a piece
// that stays in the processor's cache while the scan looks at it.
const WindowSize = 512 << 10

// Window is, for a file whose scan reads ahead of itself, the
// parser.Options.Window that reads the file's bytes from an offset into
// one buffer, reused: the text a scan only passes over (a function's
// body) is read once, by pread, into memory already mapped, and never
// through the mapping; nil for any other input. Where the file ends
// before its mapping does (it was truncated), the window is the mapping,
// whose read faults as any read of it would (see Guard).
func (in *Input) Window() func(off int) []byte {
	if in.Grow != nil && in.Grow.InRing() {
		return in.streamWindow()
	}
	if in.ahead == nil {
		return nil
	}
	buf := make([]byte, WindowSize)
	return func(off int) []byte {
		if off >= len(in.Data) {
			return nil
		}
		want := min(len(buf), len(in.Data)-off)
		if n, err := in.File.ReadAt(buf[:want], int64(off)); err == nil && n == want {
			return buf[:want]
		}
		return in.Data[off : off+want]
	}
}

// dropWindow is how much of a mapped input CountLines reads before it
// drops those pages again.
const dropWindow = 8 << 20

// CountLines returns the number of newlines in data[start:end], dropping
// the pages of a mapped input behind it, so that counting the lines of a
// large file takes no more memory than scanning it.
func (in *Input) CountLines(start, end int) int {
	n := 0
	for a := start; a < end; a += dropWindow {
		b := min(a+dropWindow, end)
		n += bytes.Count(in.Data[a:b], []byte{'\n'})
		if in.Drop != nil {
			in.Drop(a, b)
		}
	}
	return n
}

// mappings are the inputs whose data is a mapping of their file (a named
// file, a spool), by the mapping's first byte.
var mappings sync.Map // *byte -> *Input

// MappedReader returns a reader of the file src maps when src is the
// whole of a mapped input, or nil: a front end that reads a few fields
// of a large file reads them through it rather than through the mapping.
func MappedReader(src []byte) io.ReaderAt {
	if len(src) == 0 {
		return nil
	}
	v, ok := mappings.Load(unsafe.SliceData(src))
	if !ok {
		return nil
	}
	in := v.(*Input)
	if in.File == nil || len(in.Data) != len(src) {
		return nil
	}
	return in.File
}

// BytesInput is src itself, held in memory.
func BytesInput(display string, src []byte) *Input {
	return &Input{Display: display, Data: src}
}

// OpenFile maps or reads the file at path.
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

// load maps a regular file, or reads any other.
func (in *Input) load() error {
	st, err := in.File.Stat()
	if err == nil && st.Mode().IsRegular() && st.Size() >= int64(AheadMin) && in.mapAhead(st.Size()) == nil {
		return nil
	}
	if err == nil && st.Mode().IsRegular() && st.Size() > 0 {
		if err = in.mapFile(st.Size()); err == nil {
			return nil
		}
	}
	in.Data, err = io.ReadAll(in.File)
	return err
}

// SpoolMin is the size from which a reader's content is spooled to a
// temporary file and mapped, rather than held in memory: the same memory
// bound and the same kernel copies as for a named file.
const SpoolMin = 4 << 20

// ReadInput reads r whole. A regular file (standard input redirected from
// one) is mapped; a large stream is spooled to an unlinked temporary file
// and mapped; a small one is held in memory.
func ReadInput(display string, r io.Reader) (*Input, error) {
	if f, ok := r.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			if off, err := f.Seek(0, io.SeekCurrent); err == nil && off == 0 {
				in := &Input{Display: display, File: f}
				if err := in.load(); err != nil {
					return nil, err
				}
				in.File = dupOrNil(f)
				return in, nil
			}
		}
	}
	if r == nil {
		if display == "" {
			return nil, errors.New("no reader")
		}
		return nil, fmt.Errorf("%s: no reader", display)
	}
	if _, ok := r.(*os.File); !ok {
		r = &checkedReader{r: r, name: display}
	}
	head, err := io.ReadAll(io.LimitReader(r, SpoolMin))
	if err != nil || len(head) < SpoolMin {
		return BytesInput(display, head), err
	}
	in, err := spoolGrowing(display, head, r)
	if errors.Is(err, errNoSpool) {
		in, err = spool(display, head, r)
	}
	if errors.Is(err, errNoSpool) {
		rest, err := io.ReadAll(r)
		return BytesInput(display, append(head, rest...)), err
	}
	return in, err
}

var errNoSpool = errors.New("no temporary file")

// A checkedReader is a reader given by the caller, which may break the
// io.Reader contract: a count out of range ends it with an error rather
// than a panic of whoever reads it, and so does a panic of its own, which
// could otherwise happen on the spooler's goroutine, where nothing can
// recover it.
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

// spool writes head and the rest of r to an unlinked temporary file and
// maps it.
func spool(display string, head []byte, r io.Reader) (*Input, error) {
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
	in := &Input{Display: display, File: f}
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
// outlive it. Closing it again does nothing.
func (in *Input) Close() error {
	if in.Grow != nil && in.Grow.ring != nil {
		in.Grow.Stop()
	} else if in.Grow != nil {
		in.Grow.Wait(int(^uint(0) >> 1))
	}
	var err error
	if in.unmap != nil {
		err = in.unmap()
		in.unmap = nil
	}
	if in.File != nil {
		if cerr := in.File.Close(); err == nil {
			err = cerr
		}
		in.File = nil
	}
	return err
}
