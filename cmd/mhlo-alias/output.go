package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/mhlo-alias/mhlo-alias/printer"
)

// output writes one input's result where the flags say: in place (-w), to
// a file (-o, atomically), or to stdout; as a diff, a config, or the module.
func (c *command) output(name, display string, res *result) error {
	o := c.opts
	switch {
	case o.write:
		path, err := filepath.EvalSymlinks(name)
		if err != nil {
			return err
		}
		if !res.changed() {
			return nil
		}
		return writeAtomic(path, func(w io.Writer) error { return c.render(w, display, res) })
	case o.output != "":
		return writeAtomic(o.output, func(w io.Writer) error { return c.render(w, display, res) })
	}
	bw := bufio.NewWriterSize(c.stdout, 1<<16)
	if err := c.render(bw, display, res); err != nil {
		return err
	}
	return bw.Flush()
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

// render writes the output of res to w.
func (c *command) render(w io.Writer, display string, res *result) error {
	if c.opts.diff {
		var edits []printer.Edit
		for _, ch := range res.chunks {
			edits = append(edits, ch.edits...)
		}
		return printer.Diff(w, res.src, edits, printer.DiffOptions{
			OldName: "a/" + display, NewName: "b/" + display, Color: c.color(),
		})
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
			err = printer.Apply(w, res.src[ch.start:ch.end], shift(ch.edits, -ch.start))
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// shift returns edits moved by delta bytes.
func shift(edits []printer.Edit, delta int) []printer.Edit {
	out := make([]printer.Edit, len(edits))
	for i, e := range edits {
		out[i] = printer.Edit{Start: e.Start + delta, End: e.End + delta, New: e.New}
	}
	return out
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
// directory, synced and renamed over the target, keeping the target's
// mode. On any error the target is left as it was and the temporary file
// is removed.
func writeAtomic(path string, write func(io.Writer) error) (err error) {
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
	bw := bufio.NewWriterSize(tmp, 1<<20)
	if err = write(bw); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err = bw.Flush(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err = tmp.Chmod(mode); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return os.Rename(tmp.Name(), path)
}
