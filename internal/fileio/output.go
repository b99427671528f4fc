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

// CopyEdited writes Data[start:end] with edits applied. The edits and the
// short ranges between them go out through one buffer; a long unchanged
// range of a file's input is copied from the file, never through the
// mapping: to a file by the kernel (copy_file_range where it can), to
// anything else through a buffer.
func (in *Input) CopyEdited(w io.Writer, start, end int, edits []edit.Edit) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	at := start
	for _, e := range edits {
		if err := in.copyRange(bw, w, at, e.Start); err != nil {
			return err
		}
		if _, err := bw.WriteString(e.New); err != nil {
			return err
		}
		at = e.End
	}
	if err := in.copyRange(bw, w, at, end); err != nil {
		return err
	}
	return bw.Flush()
}

// ZeroCopyMin is the size from which a range is copied from the file.
const ZeroCopyMin = 64 << 10

// copyRange writes Data[a:b] through bw, which buffers w.
func (in *Input) copyRange(bw *bufio.Writer, w io.Writer, a, b int) error {
	if in.File == nil || b-a < ZeroCopyMin {
		_, err := bw.Write(in.Data[a:b])
		return in.IOErr(err)
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	dst := w
	if cw, ok := w.(*CountingWriter); ok {
		dst = cw.W
	}
	var n int64
	var err error
	if f, ok := dst.(*os.File); ok {
		// The kernel's copy reads from the file's offset: one at a time.
		if _, err = in.File.Seek(int64(a), io.SeekStart); err == nil {
			n, err = io.Copy(f, io.LimitReader(in.File, int64(b-a)))
		}
	} else {
		n, err = io.CopyBuffer(onlyWriter{dst}, io.NewSectionReader(in.File, int64(a), int64(b-a)), make([]byte, 256<<10))
	}
	if cw, ok := w.(*CountingWriter); ok {
		cw.N += n
	}
	if err == nil && n != int64(b-a) {
		err = in.changed() // the file ends early: it was truncated
	}
	return in.IOErr(err)
}

// onlyWriter hides every method of a writer but Write, so that
// io.CopyBuffer copies through the buffer it is given.
type onlyWriter struct{ io.Writer }

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
