package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// longPaths makes, for the tests of a directory walk, entries that cannot
// be read whoever runs the tests, root included:, under dir, directories name/d/d/... down to the last
// one whose path the system still takes (shorter than PATH_MAX, 4096
// bytes), and in it a directory and a *.txt file whose paths are too
// long, each made relative to its parent's descriptor (mkdirat, openat).
// It returns the two paths too long: listing the one and reading the
// other fail even for root, for whom no permission bit does.
func longPaths(t testing.TB, dir, name string) (longDir, longTxt string) {
	t.Helper()
	fd, err := syscall.Open(dir, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	// mkdir makes the directory sub in the one of fd, and returns the
	// new one's descriptor, closing fd.
	mkdir := func(fd int, sub string) int {
		defer syscall.Close(fd)
		if err := syscall.Mkdirat(fd, sub, 0o755); err != nil {
			t.Fatal(err)
		}
		nfd, err := syscall.Openat(fd, sub, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
		if err != nil {
			t.Fatal(err)
		}
		return nfd
	}
	seg := strings.Repeat("d", 200)
	path := filepath.Join(dir, name)
	fd = mkdir(fd, name)
	for len(filepath.Join(path, seg)) < 4096 {
		fd = mkdir(fd, seg)
		path = filepath.Join(path, seg)
	}
	dup, err := syscall.Dup(fd)
	if err != nil {
		t.Fatal(err)
	}
	syscall.Close(mkdir(dup, seg))
	txt := strings.Repeat("x", 200) + ".txt"
	f, err := syscall.Openat(fd, txt, syscall.O_WRONLY|syscall.O_CREAT|syscall.O_CLOEXEC, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	syscall.Write(f, []byte("HloModule m\n"))
	syscall.Close(f)
	syscall.Close(fd)
	longDir, longTxt = filepath.Join(path, seg), filepath.Join(path, txt)
	if _, err := os.ReadDir(longDir); !errors.Is(err, syscall.ENAMETOOLONG) {
		t.Skipf("a path of %d bytes is read here (%v)", len(longDir), err)
	}
	return longDir, longTxt
}
