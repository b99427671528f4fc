//go:build !linux

package mhloalias

import "os"

// preallocate does nothing here; see prealloc_linux.go.
func preallocate(f *os.File, n int) {}
