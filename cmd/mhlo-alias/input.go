package main

import (
	"io"
	"os"
)

// input is one input's bytes and, for a regular file, the open file, so
// that unchanged ranges can be copied file to file by the kernel.
type input struct {
	name    string // as given on the command line; "-" for stdin
	display string // the name diagnostics use
	data    []byte
	file    *os.File // nil for stdin
	unmap   func() error
	// release, when set, drops the pages of data before an offset from
	// memory (they stay in the page cache and come back if read again).
	release func(offset int)
}

// openInput reads stdin, or maps or reads a file.
func openInput(name string, stdin io.Reader) (*input, error) {
	if name == "-" {
		b, err := io.ReadAll(stdin)
		return &input{name: name, display: "<stdin>", data: b}, err
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	in := &input{name: name, display: name, file: f}
	st, err := f.Stat()
	if err == nil && st.Mode().IsRegular() && st.Size() > 0 {
		if err = in.mapFile(st.Size()); err == nil {
			return in, nil
		}
	}
	if in.data, err = io.ReadAll(f); err != nil {
		f.Close()
		return nil, err
	}
	return in, nil
}

// Close unmaps and closes the input; its data must not be used after.
func (in *input) Close() error {
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
