package mhloalias

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/printer"
)

// WriteTo writes the output text to w: every module that is OK, with its
// edits applied, joined by "// -----" lines when there are several.
// Unchanged ranges go file to file in the kernel when both ends are files,
// so the bulk of a large module is neither read into nor written from
// this process.
func (r *Result) WriteTo(w io.Writer) (int64, error) {
	if r.in.streamed {
		return 0, errNotKept(r.Name)
	}
	if err := r.in.unchanged(); err != nil {
		return 0, err
	}
	cw := &countingWriter{w: w}
	var err error
	gerr := r.in.guard(func() { err = r.writeModules(cw) })
	if err = cmp.Or(gerr, r.in.ioErr(err)); err != nil {
		return cw.n, err
	}
	return cw.n, r.in.unchanged()
}

// writeModules is WriteTo's loop over the modules.
func (r *Result) writeModules(cw *countingWriter) error {
	first := true
	for _, m := range r.Modules {
		if !m.OK {
			continue
		}
		if !first {
			if _, err := io.WriteString(cw, splitMarker+"\n"); err != nil {
				return err
			}
		}
		first = false
		if err := r.in.copyEdited(cw, m.Start, m.End, m.Edits); err != nil {
			return err
		}
	}
	return nil
}

// Bytes returns the output text, as WriteTo writes it.
func (r *Result) Bytes() []byte {
	var b bytes.Buffer
	r.WriteTo(&b)
	return b.Bytes()
}

// errNotKept is the error of the output methods of a Result whose input
// was a stream that ProcessReaderTo wrote without keeping it.
func errNotKept(name string) error {
	return fmt.Errorf("%s: the stream's text was written to the output and not kept", name)
}

// DiffOptions say how WriteDiff prints.
type DiffOptions struct {
	// Color marks removed and added lines, and the changed words in them,
	// with ANSI colors.
	Color bool
}

// WriteDiff writes a unified diff from the input to the output text, with
// "a/NAME" and "b/NAME" headers; nothing when nothing changes.
func (r *Result) WriteDiff(w io.Writer, o DiffOptions) error {
	if r.in.streamed {
		return errNotKept(r.Name)
	}
	if ok, err := r.writeProtoDiff(w, o); ok {
		return err
	}
	var edits []printer.Edit
	for _, m := range r.Modules {
		edits = append(edits, m.Edits...)
	}
	var b bytes.Buffer
	var err error
	gerr := r.in.guard(func() {
		err = printer.Diff(&b, r.in.data, edits, printer.DiffOptions{
			OldName: "a/" + r.Name, NewName: "b/" + r.Name, Color: o.Color,
			CountLines: r.in.countLines,
		})
	})
	if err = cmp.Or(gerr, err, r.in.unchanged()); err != nil {
		return err
	}
	_, err = w.Write(b.Bytes())
	return err
}

// WriteFile writes the output text to the file at path, as the function
// WriteFile does.
func (r *Result) WriteFile(path string) error {
	return WriteFile(path, func(w io.Writer) error {
		_, err := r.WriteTo(w)
		return err
	})
}

// WriteFile writes the file at path with write. A regular file (or a new
// one) is written atomically: through a temporary file in the same
// directory, renamed over it, keeping every mode bit and, where the process may, the owner
// and group (a symbolic link is written through); on any error path is left
// as it was and nothing else remains. Anything else, such as /dev/null or
// a pipe, is written directly.
func WriteFile(path string, write func(w io.Writer) error) error {
	st, err := os.Stat(path)
	if err != nil || st.Mode().IsRegular() {
		return writeAtomic(path, false, func(f *os.File) error { return write(f) })
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// WriteInPlace rewrites the input file with the output text, atomically,
// the data synced to disk before the rename, when anything changed. It
// needs a Result of ProcessFile; a symbolic link is followed, so the link
// stays a link.
func (r *Result) WriteInPlace() error {
	if r.in.path == "" {
		return fmt.Errorf("%s: only a named file can be rewritten in place", r.Name)
	}
	path, err := filepath.EvalSymlinks(r.in.path)
	if err != nil {
		return err
	}
	if !r.Changed() {
		return nil
	}
	return writeAtomic(path, true, func(f *os.File) error {
		_, err := r.WriteTo(f)
		return err
	})
}

// RewriteFile processes the file at path and, when the result is OK and
// anything changed, rewrites it in place as WriteInPlace does. It reports
// whether the file changed; when the input has errors the file is left as
// it was and the error is the diagnostics.
func RewriteFile(path string, o Options) (changed bool, err error) {
	res, err := ProcessFile(path, o)
	if err != nil {
		return false, err
	}
	defer res.Close()
	if err := res.Err(); err != nil {
		return false, err
	}
	if err := res.WriteInPlace(); err != nil {
		return false, err
	}
	return res.Changed(), nil
}

// Rewrite returns the module text src rewritten as o asks; the common case
// of the library, as go/format.Source is for Go. Its error is a UsageError
// or the input's diagnostics (an ast.ErrorList).
func Rewrite(src []byte, o Options) ([]byte, error) {
	res, err := Process(o.Name, src, o)
	if err != nil {
		return nil, err
	}
	if err := res.Err(); err != nil {
		return nil, err
	}
	return res.Bytes(), nil
}

// ReadConfig returns the alias table of the module text src after the
// passes o names (none by default): the model XLA keeps, verified.
func ReadConfig(src []byte, o Options) (*model.Config, error) {
	res, err := Process(o.Name, src, o)
	if err != nil {
		return nil, err
	}
	if err := res.Err(); err != nil {
		return nil, err
	}
	return res.Config(), nil
}

// copyEdited writes data[start:end] with edits applied. The edits and the
// short ranges between them go out through one buffer (a signature of
// thousands of arguments has thousands of edits: one write each would be
// a system call each).
func (in *input) copyEdited(w io.Writer, start, end int, edits []printer.Edit) error {
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

// zeroCopyMin is the size from which a range is copied file to file.
const zeroCopyMin = 1 << 20

// copyRange writes data[a:b] through bw, which buffers w. A large range
// from a file to a file is copied by the kernel (copy_file_range) after
// the buffer is flushed, so the bytes never pass through this process; it
// moves the input file's offset, so one copy at a time. The kernel copies
// a range whatever its alignment: writing a range moved by other than
// whole pages from mappings of the input was slower here (see
// docs/performance.md, "Plain copy_file_range").
func (in *input) copyRange(bw *bufio.Writer, w io.Writer, a, b int) error {
	dst := w
	cw, counting := w.(*countingWriter)
	if counting {
		dst = cw.w
	}
	if f, ok := dst.(*os.File); ok && in.file != nil && b-a >= zeroCopyMin {
		if err := bw.Flush(); err != nil {
			return err
		}
		n, done, err := in.copyFile(f, a, b)
		if counting {
			cw.n += n
		}
		if done && err == nil && n != int64(b-a) {
			// The kernel copies to the file's end: it was truncated.
			err = in.changed()
		}
		if done {
			return in.ioErr(err)
		}
	}
	_, err := bw.Write(in.current()[a:b])
	return in.ioErr(err)
}

// copyFile copies data[a:b] from the input file to f, at f's offset, and
// reports whether it did (with nothing written when it did not).
func (in *input) copyFile(f *os.File, a, b int) (int64, bool, error) {
	if _, err := in.file.Seek(int64(a), io.SeekStart); err != nil {
		return 0, false, nil
	}
	n, err := io.Copy(f, io.LimitReader(in.file, int64(b-a)))
	return n, true, err
}

// countingWriter counts what goes through it, for WriteTo's result.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// writeAtomic writes a file through a temporary file in the same
// directory, renamed over the target, keeping the target's mode; with
// sync the data reaches the disk before the rename (for -w, where the old
// content is lost otherwise). On any error the target is left as it was
// and the temporary file is removed.
func writeAtomic(path string, sync bool, write func(*os.File) error) error {
	a, err := createAtomic(path)
	if err != nil {
		return err
	}
	if err := write(a.tmp); err != nil {
		a.abort()
		var ce *ChangedError
		if errors.As(err, &ce) {
			return err // the input's error, not the output's
		}
		return fmt.Errorf("writing %s: %w", path, a.untemp(err))
	}
	return a.commit(sync)
}

// atomicFile is a file being written under a temporary name beside path.
type atomicFile struct {
	path string
	mode os.FileMode
	tmp  *os.File
	// owner is the replaced file's information, whose owner and group
	// the new file is given where the process may.
	owner os.FileInfo
}

// createAtomic starts writing path: a regular file, or a new one.
// A symbolic link is written through: the file it names is replaced and
// the link stays a link.
func createAtomic(path string) (*atomicFile, error) {
	if st, err := os.Lstat(path); err == nil && st.Mode()&os.ModeSymlink != 0 {
		if target, err := filepath.EvalSymlinks(path); err == nil {
			path = target
		}
	}
	a := &atomicFile{path: path, mode: 0o644}
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
	a.tmp = tmp
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

// RemoveTemporaryFiles removes the temporary files of every write under
// way (Result.WriteFile, WriteInPlace, ProcessFileTo, ...) and makes them
// and any later write fail, leaving their targets as they were. It is for
// a program that exits on a signal: after it, no write of this package
// renames anything into place.
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
func (a *atomicFile) rename() error {
	temps.Lock()
	defer temps.Unlock()
	if temps.closed {
		return errInterrupted
	}
	delete(temps.files, a.tmp.Name())
	return os.Rename(a.tmp.Name(), a.path)
}

// remove removes the temporary file.
func (a *atomicFile) remove() {
	temps.Lock()
	defer temps.Unlock()
	delete(temps.files, a.tmp.Name())
	os.Remove(a.tmp.Name())
}

// commit gives the temporary file the target's mode and renames it over
// the target; with sync its data reaches the disk first. On error the
// temporary file is removed.
func (a *atomicFile) commit(sync bool) error {
	keepOwner(a.tmp, a.owner)
	err := a.tmp.Chmod(a.mode)
	if err == nil && sync {
		err = a.tmp.Sync()
	}
	if cerr := a.tmp.Close(); err == nil {
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
func (a *atomicFile) untemp(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) && pe.Path == a.tmp.Name() {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) && le.Old == a.tmp.Name() {
		return le.Err
	}
	return err
}

// abort removes the temporary file; the target stays as it was.
func (a *atomicFile) abort() {
	a.tmp.Close()
	a.remove()
}

// errNoConfig is the error for a nil config: a module that failed has
// none.
var errNoConfig = errors.New("no config: the module failed (see its Diagnostics)")

// ConfigForms are the forms FormatConfig prints.
var ConfigForms = []string{"long", "short", "json", "summary"}

// FormatConfig prints cfg in one of ConfigForms: "long" is XLA's ToString
// of the alias and donor configs, "short" the fields of an HLO module
// header, "json" one JSON object (with the memory accounting), "summary"
// the memory accounting for people (model.Memory.Summary).
func FormatConfig(cfg *model.Config, form string) (string, error) {
	if cfg == nil {
		return "", errNoConfig
	}
	switch form {
	case "long", "":
		return cfg.LongString(), nil
	case "short":
		return cfg.ShortString(), nil
	case "json":
		return cfg.JSON(), nil
	case "summary":
		return model.SummaryOf(cfg), nil
	}
	return "", &UsageError{fmt.Sprintf("invalid config form %q: valid forms are %s", form, strings.Join(ConfigForms, ", "))}
}
