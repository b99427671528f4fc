//go:build !linux

// Package walktest makes, for the tests of a directory walk, entries
// that cannot be read whoever runs the tests, root included.
package walktest

import "testing"

// LongPaths skips the test: the limit on a path's length it relies on is
// Linux's.
func LongPaths(t testing.TB, dir, name string) (longDir, longTxt string) {
	t.Skip("needs Linux's limit on a path's length")
	return "", ""
}
