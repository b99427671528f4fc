//go:build unix

package main

import (
	"net"
	"os"
	"path/filepath"
	"reflect"
	"syscall"
	"testing"
)

// TestWalkSkipsSpecialFiles checks that the walk lists no FIFO or socket,
// whatever its name, and says so for each: opening a FIFO waits for a
// writer, so a walk that opened one would hang.
func TestWalkSkipsSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a.mlir": "module {}", "z.hlo": "HloModule z"})
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.mlir"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.txt"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A socket's path must be short (108 bytes); the test directory's
	// may not be, so the socket is made in a short one and moved.
	short, err := os.MkdirTemp("", "w")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(short)
	l, err := net.Listen("unix", filepath.Join(short, "s"))
	if err == nil {
		err = os.Rename(filepath.Join(short, "s"), filepath.Join(dir, "sock.mlir"))
	}
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	want := []string{
		"a.mlir",
		"fifo.mlir: skipped: FIFO skipped: not a regular file",
		"fifo.txt: skipped: FIFO skipped: not a regular file",
		"sock.mlir: skipped: socket skipped: not a regular file",
		"z.hlo",
	}
	if got := walkEntries(dir); !reflect.DeepEqual(got, want) {
		t.Errorf("walkModules = %q\nwant          %q", got, want)
	}
}
