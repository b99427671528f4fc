package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/mhlo-alias/mhlo-alias/printer"
)

// output writes one input's result where the flags say: in place (-w,
// atomically and synced), to a file (-o, atomically), or to stdout.
func (c *command) output(in *input, res *result) error {
	o := c.opts
	switch {
	case o.write:
		path, err := filepath.EvalSymlinks(in.name)
		if err != nil {
			return err
		}
		if !res.changed() {
			return nil
		}
		return writeAtomic(path, true, func(f *os.File) error { return c.render(f, in, res) })
	case o.output != "":
		return writeAtomic(o.output, false, func(f *os.File) error { return c.render(f, in, res) })
	}
	return c.render(c.stdout, in, res)
}

// changed reports whether any chunk has edits.
func (r *result) changed() bool {
	for _, ch := range r.chunks {
		if len(ch.edits) > 0 {
			return true
		}
	}
	return false
}

// render writes the output of res to w: a diff, the configs, or the
// module with its edits.
func (c *command) render(w io.Writer, in *input, res *result) error {
	if c.opts.diff {
		var edits []printer.Edit
		for _, ch := range res.chunks {
			edits = append(edits, ch.edits...)
		}
		var b bytes.Buffer
		err := printer.Diff(&b, res.src, edits, printer.DiffOptions{
			OldName: "a/" + in.display, NewName: "b/" + in.display, Color: c.color(),
		})
		if err != nil {
			return err
		}
		_, err = w.Write(b.Bytes())
		return err
	}
	first := true
	for _, ch := range res.chunks {
		if !ch.ok {
			continue
		}
		if !first {
			if _, err := io.WriteString(w, splitMarker+"\n"); err != nil {
				return err
			}
		}
		first = false
		var err error
		if c.opts.printConfig != "" {
			_, err = io.WriteString(w, ch.config)
		} else {
			err = copyEdited(w, in, ch.start, ch.end, ch.edits)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// copyEdited writes in.data[start:end] with edits applied. Unchanged
// ranges go file to file in the kernel when both ends are files, so the
// bulk of a module is neither read into nor written from this process.
func copyEdited(w io.Writer, in *input, start, end int, edits []printer.Edit) error {
	at := start
	for _, e := range edits {
		if err := copyRange(w, in, at, e.Start); err != nil {
			return err
		}
		if _, err := io.WriteString(w, e.New); err != nil {
			return err
		}
		at = e.End
	}
	return copyRange(w, in, at, end)
}

// zeroCopyMin is the size from which a range is copied file to file.
const zeroCopyMin = 1 << 20

func copyRange(w io.Writer, in *input, a, b int) error {
	if f, ok := w.(*os.File); ok && in.file != nil && b-a >= zeroCopyMin {
		if _, err := in.file.Seek(int64(a), io.SeekStart); err == nil {
			_, err = io.Copy(f, io.LimitReader(in.file, int64(b-a)))
			return err
		}
	}
	_, err := w.Write(in.data[a:b])
	return err
}

// color reports whether --diff output is colored: on a terminal or with
// FORCE_COLOR, and never with NO_COLOR.
func (c *command) color() bool {
	if os.Getenv("NO_COLOR") != "" {
		return false
	}
	if os.Getenv("FORCE_COLOR") != "" {
		return true
	}
	f, ok := c.stdout.(*os.File)
	if !ok || c.opts.output != "" {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// writeAtomic writes a file through a temporary file in the same
// directory, renamed over the target, keeping the target's mode; with
// sync the data reaches the disk before the rename (for -w, where the old
// content is lost otherwise). On any error the target is left as it was
// and the temporary file is removed.
func writeAtomic(path string, sync bool, write func(*os.File) error) (err error) {
	mode := os.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		if !st.Mode().IsRegular() {
			return fmt.Errorf("%s is not a regular file", path)
		}
		mode = st.Mode().Perm()
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = write(tmp); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err = tmp.Chmod(mode); err != nil {
		return err
	}
	if sync {
		if err = tmp.Sync(); err != nil {
			return fmt.Errorf("writing %s: %w", path, err)
		}
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return os.Rename(tmp.Name(), path)
}
