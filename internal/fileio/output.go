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

// releaseStep is how much of a mapped input CopyEdited reads between
// two drops of its pages, as the front ends' passes do (ast.ReleaseStep).
const releaseStep = 1 << 20

// CopyEdited writes Data[start:end] with edits applied and returns the
// bytes written; the pages of a mapped input it has read are dropped
// behind it. The edits and the short ranges between them go out
// through one buffer; an unchanged range of 64 KiB or more of a file's
// input is copied from the file, never through the mapping: to a file by
// the kernel (copy_file_range where it can). A copy from a file that
// changed may fail otherwise than with a ChangedError; Unchanged says.
func (in *Input) CopyEdited(w io.Writer, start, end int, edits []edit.Edit) (int64, error) {
	size := end - start // what goes out, at most: the buffer need not be larger
	for _, e := range edits {
		size += len(e.New)
	}
	bw := bufio.NewWriterSize(w, min(64<<10, size))
	at, n := start, int64(0)
	dropped := start // the pages of a mapping read before it are dropped
	for i := 0; i <= len(edits); i++ {
		if in.Release != nil && at-dropped >= releaseStep {
			in.Release(dropped, at)
			dropped = at
		}
		e := edit.Edit{Start: end, End: end}
		if i < len(edits) {
			e = edits[i]
		}
		if in.File == nil || e.Start-at < 64<<10 {
			m, err := bw.Write(in.Data[at:e.Start])
			if n += int64(m); err != nil {
				return n, err
			}
		} else {
			if err := bw.Flush(); err != nil {
				return n, err
			}
			// The kernel's copy reads from the file's offset: one at a
			// time.
			m, err := in.File.Seek(int64(at), io.SeekStart)
			if err == nil {
				m, err = io.Copy(w, io.LimitReader(in.File, int64(e.Start-at)))
				n += m
			}
			if err == nil && m != int64(e.Start-at) {
				err = in.changed() // the file ends early: it was truncated
			}
			if err != nil {
				return n, err
			}
		}
		m, err := bw.WriteString(e.New)
		if n += int64(m); err != nil {
			return n, err
		}
		at = e.End
	}
	return n, bw.Flush()
}

// WriteAtomic writes the file at path (a regular file, or a new one)
// through a temporary file in the same directory, renamed over it with
// every mode bit of the file it replaces and, where the process may, its
// owner and group; a symbolic link is written through and stays a link.
// With sync the data reaches the disk before the rename (for -w, where
// the old content is lost otherwise). On any error, and when write panics
// or calls runtime.Goexit (the panic goes on), the target is left as it
// was and the temporary file is removed.
func WriteAtomic(path string, sync bool, write func(*os.File) error) (err error) {
	if target, lerr := filepath.EvalSymlinks(path); lerr == nil {
		path = target
	}
	mode, st := os.FileMode(0o644), os.FileInfo(nil)
	if st, _ = os.Stat(path); st != nil {
		if !st.Mode().IsRegular() {
			return fmt.Errorf("%s is not a regular file", path)
		}
		mode = st.Mode() & (os.ModePerm | os.ModeSetuid | os.ModeSetgid | os.ModeSticky)
	}
	tmp, err := createTemp(path)
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, untemp(err, ""))
	}
	done := false
	defer func() {
		if !done || err != nil {
			tmp.Close()
			temps.Lock()
			delete(temps.files, tmp.Name())
			os.Remove(tmp.Name())
			temps.Unlock()
		}
	}()
	err = write(tmp)
	done = true
	var ce *ChangedError
	if errors.As(err, &ce) {
		return err // the input's error, not the output's
	}
	if err == nil {
		keepOwner(tmp, st)
		err = tmp.Chmod(mode)
	}
	if err == nil && sync {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = rename(tmp.Name(), path)
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, untemp(err, tmp.Name()))
	}
	return nil
}

// temps are the temporary files being written, for
// RemoveTemporaryFiles; closed once it has run.
var temps = struct {
	sync.Mutex
	files  map[string]bool
	closed bool
}{files: map[string]bool{}}

var errInterrupted = errors.New("interrupted")

// createTemp creates the temporary file for path, unless
// RemoveTemporaryFiles has run.
func createTemp(path string) (*os.File, error) {
	temps.Lock()
	defer temps.Unlock()
	if temps.closed {
		return nil, errInterrupted
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err == nil {
		temps.files[tmp.Name()] = true
	}
	return tmp, err
}

// rename renames tmp over path, unless RemoveTemporaryFiles has run.
func rename(tmp, path string) error {
	temps.Lock()
	defer temps.Unlock()
	if temps.closed {
		return errInterrupted
	}
	delete(temps.files, tmp)
	return os.Rename(tmp, path)
}

// RemoveTemporaryFiles removes the temporary files of every WriteAtomic
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

// untemp is err without the name of the temporary file tmp (any, when
// tmp is ""), which means nothing to the user: the message names the
// target instead.
func untemp(err error, tmp string) error {
	var pe *os.PathError
	if errors.As(err, &pe) && (tmp == "" || pe.Path == tmp) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) && le.Old == tmp {
		return le.Err
	}
	return err
}
