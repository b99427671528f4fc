package fileio

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/mhlo-alias/mhlo-alias/edit"
)

// WriteFile writes the file at path with write. A regular file (or a new
// one) is written atomically (WriteAtomic); anything else, such as
// /dev/null or a pipe, is written directly. A write that panics leaves
// no temporary file and the target as it was; the panic goes on.
func WriteFile(path string, write func(w io.Writer) error) error {
	if write == nil {
		return fmt.Errorf("writing %s: no write function", path)
	}
	st, err := os.Stat(path)
	if err != nil || st.Mode().IsRegular() {
		return WriteAtomic(path, false, func(f *os.File) error { return write(f) })
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	defer f.Close() // when write panics
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// CopyEdited writes data[start:end] with edits applied. The edits and the
// short ranges between them go out through one buffer (a signature of
// thousands of arguments has thousands of edits: one write each would be
// a system call each).
func (in *Input) CopyEdited(w io.Writer, start, end int, edits []edit.Edit) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	at, o := start, outputOffset(w)
	for _, e := range edits {
		if err := in.copyRange(bw, w, at, e.Start, o); err != nil {
			return err
		}
		if _, err := bw.WriteString(e.New); err != nil {
			return err
		}
		o += int64(e.Start-at) + int64(len(e.New))
		at = e.End
	}
	if err := in.copyRange(bw, w, at, end, o); err != nil {
		return err
	}
	return bw.Flush()
}

// ZeroCopyMin is the size from which a range is copied file to file.
const ZeroCopyMin = 1 << 20

// outputOffset is the offset at which the next write to w lands, where w
// is a file; 0 otherwise (a pipe has no pieces to align).
func outputOffset(w io.Writer) int64 {
	if cw, ok := w.(*CountingWriter); ok {
		w = cw.W
	}
	if f, ok := w.(*os.File); ok {
		if o, err := f.Seek(0, io.SeekCurrent); err == nil {
			return o
		}
	}
	return 0
}

// copyRange writes data[a:b], whose first byte goes to the output at o,
// through bw, which buffers w. A large range from a file to a file is
// copied after the buffer is flushed: by the kernel (copy_file_range),
// so the bytes never pass through this process, when the range keeps its
// place within a page; through a buffer in whole pieces of the output
// when it moves by other than whole pages (copyShifted). The kernel's
// copy moves the input file's offset, so one copy at a time.
func (in *Input) copyRange(bw *bufio.Writer, w io.Writer, a, b int, o int64) error {
	dst := w
	cw, counting := w.(*CountingWriter)
	if counting {
		dst = cw.W
	}
	if f, ok := dst.(*os.File); ok && in.File != nil && b-a >= ZeroCopyMin {
		if err := bw.Flush(); err != nil {
			return err
		}
		copyOut := in.copyFile
		if (o-int64(a))%int64(os.Getpagesize()) != 0 {
			copyOut = in.copyShifted
		}
		n, done, err := copyOut(f, a, b, o)
		if counting {
			cw.N += n
		}
		if done && err == nil && n != int64(b-a) {
			// The kernel copies to the file's end: it was truncated.
			err = in.changed()
		}
		if done {
			return in.IOErr(err)
		}
	}
	if g := in.Grow; g != nil && g.InRing() {
		// A streamed input's bytes are in the ring or a window's piece.
		for a < b {
			p := g.piece(a, b)
			if err := writePieces(bw, w, p, o); err != nil {
				return err
			}
			a, o = a+len(p), o+int64(len(p))
		}
		return nil
	}
	return in.IOErr(writePieces(bw, w, in.Current()[a:b], o))
}

// copyShifted copies data[a:b] from the input file to f, whose offset is
// o, a range that moves by other than whole pages: read into a buffer
// (pread) and written in whole pieces of the output (WritePiece). The
// kernel's own copy writes such a range in pieces that end at the input's
// pages, so that every write to the output begins and ends inside a page:
// 420 MB moved by 30 bytes took 1.3x the time of the same bytes read
// and written here, and of an unmoved copy_file_range
// (docs/performance.md, "Writes in whole pieces of the output").
func (in *Input) copyShifted(f *os.File, a, b int, o int64) (int64, bool, error) {
	bp := pieceBuffers.Get().(*[]byte)
	defer pieceBuffers.Put(bp)
	buf := *bp
	var n int64
	for a < b {
		k := min(b-a, int(WritePiece-o%WritePiece))
		m, err := in.File.ReadAt(buf[:k], int64(a))
		if m < k {
			if err == nil || err == io.EOF {
				err = in.changed()
			}
			return n, true, err
		}
		if _, err := f.Write(buf[:k]); err != nil {
			return n, true, err
		}
		n, a, o = n+int64(k), a+k, o+int64(k)
	}
	return n, true, nil
}

// pieceBuffers hold the pieces copyShifted copies.
var pieceBuffers = sync.Pool{New: func() any {
	b := make([]byte, WritePiece)
	return &b
}}

// WritePiece is the size of the pieces in which memory is written to a
// file. Each write of a large range from memory covers whole pieces of
// the output, from a multiple of WritePiece to the next (but the range's
// first and last), whatever the range's alignment in memory: writes of
// the same 256 KB of memory to a file ran at 1.4x the time of aligned
// ones when each began 30 bytes past a page (docs/performance.md,
// "Writes in whole pieces of the output").
const WritePiece = 256 << 10

// writePieces writes p, whose first byte goes to the output at o, through
// bw, which buffers w: a short p into the buffer, a long one straight to
// w in whole pieces of the output (WritePiece).
func writePieces(bw *bufio.Writer, w io.Writer, p []byte, o int64) error {
	if len(p) < bw.Available() {
		_, err := bw.Write(p)
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	for len(p) > 0 {
		n := min(len(p), int(WritePiece-o%WritePiece))
		if _, err := w.Write(p[:n]); err != nil {
			return err
		}
		p, o = p[n:], o+int64(n)
	}
	return nil
}

// copyFile copies data[a:b] from the input file to f, at f's offset (o),
// and reports whether it did (with nothing written when it did not).
func (in *Input) copyFile(f *os.File, a, b int, _ int64) (int64, bool, error) {
	if _, err := in.File.Seek(int64(a), io.SeekStart); err != nil {
		return 0, false, nil
	}
	n, err := io.Copy(f, io.LimitReader(in.File, int64(b-a)))
	return n, true, err
}

// CountingWriter counts what goes through it, for WriteTo's result.
type CountingWriter struct {
	W io.Writer
	N int64
}

func (c *CountingWriter) Write(p []byte) (int, error) {
	n, err := c.W.Write(p)
	c.N += int64(n)
	return n, err
}

// WriteAtomic writes a file through a temporary file in the same
// directory, renamed over the target, keeping the target's mode; with
// sync the data reaches the disk before the rename (for -w, where the old
// content is lost otherwise). On any error the target is left as it was
// and the temporary file is removed; so it is when write panics (or
// calls runtime.Goexit), and the panic goes on.
func WriteAtomic(path string, sync bool, write func(*os.File) error) error {
	a, err := CreateAtomic(path)
	if err != nil {
		return err
	}
	returned := false
	defer func() {
		if !returned {
			a.Abort()
		}
	}()
	err = write(a.Tmp)
	returned = true
	if err != nil {
		a.Abort()
		var ce *ChangedError
		if errors.As(err, &ce) {
			return err // the input's error, not the output's
		}
		return fmt.Errorf("writing %s: %w", path, a.untemp(err))
	}
	return a.Commit(sync)
}

// AtomicFile is a file being written under a temporary name beside path.
type AtomicFile struct {
	path string
	mode os.FileMode
	Tmp  *os.File
	// owner is the replaced file's information, whose owner and group
	// the new file is given where the process may.
	owner os.FileInfo
}

// CreateAtomic starts writing path: a regular file, or a new one.
// A symbolic link is written through: the file it names is replaced and
// the link stays a link.
func CreateAtomic(path string) (*AtomicFile, error) {
	if st, err := os.Lstat(path); err == nil && st.Mode()&os.ModeSymlink != 0 {
		if target, err := filepath.EvalSymlinks(path); err == nil {
			path = target
		}
	}
	a := &AtomicFile{path: path, mode: 0o644}
	if st, err := os.Stat(path); err == nil {
		if !st.Mode().IsRegular() {
			return nil, fmt.Errorf("%s is not a regular file", path)
		}
		// Every mode bit stays, setuid, setgid and sticky included.
		a.mode = st.Mode() & (os.ModePerm | os.ModeSetuid | os.ModeSetgid | os.ModeSticky)
		a.owner = st
	}
	temps.Lock()
	defer temps.Unlock()
	if temps.closed {
		return nil, errInterrupted
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		// The temporary file's name means nothing to the user.
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("writing %s: %w", path, err)
	}
	a.Tmp = tmp
	temps.files[tmp.Name()] = true
	return a, nil
}

// temps are the temporary files being written, for
// RemoveTemporaryFiles; closed once it has run.
var temps = struct {
	sync.Mutex
	files  map[string]bool
	closed bool
}{files: map[string]bool{}}

var errInterrupted = errors.New("interrupted")

// RemoveTemporaryFiles removes the temporary files of every AtomicFile
// under way and makes them, and any later one, fail: after it, nothing
// is renamed into place. A program calls it when it exits on a signal.
func RemoveTemporaryFiles() {
	temps.Lock()
	defer temps.Unlock()
	temps.closed = true
	for name := range temps.files {
		os.Remove(name)
		delete(temps.files, name)
	}
}

// rename renames the temporary file over the target, unless
// RemoveTemporaryFiles has run.
func (a *AtomicFile) rename() error {
	temps.Lock()
	defer temps.Unlock()
	if temps.closed {
		return errInterrupted
	}
	delete(temps.files, a.Tmp.Name())
	return os.Rename(a.Tmp.Name(), a.path)
}

// remove removes the temporary file.
func (a *AtomicFile) remove() {
	temps.Lock()
	defer temps.Unlock()
	delete(temps.files, a.Tmp.Name())
	os.Remove(a.Tmp.Name())
}

// Commit gives the temporary file the target's mode and renames it over
// the target; with sync its data reaches the disk first. On error the
// temporary file is removed.
func (a *AtomicFile) Commit(sync bool) error {
	keepOwner(a.Tmp, a.owner)
	err := a.Tmp.Chmod(a.mode)
	if err == nil && sync {
		err = a.Tmp.Sync()
	}
	if cerr := a.Tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = a.rename()
	}
	if err != nil {
		a.remove()
		return fmt.Errorf("writing %s: %w", a.path, a.untemp(err))
	}
	return nil
}

// untemp is err without the temporary file's name, which means nothing
// to the user: the message names the target instead.
func (a *AtomicFile) untemp(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) && pe.Path == a.Tmp.Name() {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) && le.Old == a.Tmp.Name() {
		return le.Err
	}
	return err
}

// Abort removes the temporary file; the target stays as it was.
func (a *AtomicFile) Abort() {
	a.Tmp.Close()
	a.remove()
}
