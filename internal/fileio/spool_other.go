//go:build !linux

package fileio

import (
	"io"
	"os"
)

// copyStream copies the rest of r to f.
func copyStream(f *os.File, r io.Reader) error {
	return copyChunks(f, r, func(int) bool { return true })
}

// copyStreamChunks is copyStream calling added with the size of each
// piece once it is in f.
func copyStreamChunks(f *os.File, r io.Reader, added func(int) bool) error {
	return copyChunks(f, r, added)
}
