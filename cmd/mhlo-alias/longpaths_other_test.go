//go:build !linux

package main

import "testing"

// longPaths skips the test: the limit on a path's length it relies on is
// Linux's.
func longPaths(t testing.TB, dir, name string) (longDir, longTxt string) {
	t.Skip("needs Linux's limit on a path's length")
	return "", ""
}
