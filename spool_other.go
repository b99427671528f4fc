//go:build !linux

package mhloalias

import (
	"io"
	"os"
)

// copyStream copies the rest of r to f.
func copyStream(f *os.File, r io.Reader) error {
	_, err := io.Copy(f, r)
	return err
}
