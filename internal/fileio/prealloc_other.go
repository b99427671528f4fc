//go:build !linux

package fileio

import "os"

// Preallocate does nothing here; see prealloc_linux.go.
func Preallocate(f *os.File, n int) {}
