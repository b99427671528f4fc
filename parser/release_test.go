//go:build linux

package parser

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// rssFile is the process's resident file-backed memory, in bytes.
func rssFile(t *testing.T) int {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip(err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		var kb int
		if _, err := fmt.Sscanf(l, "RssFile: %d kB", &kb); err == nil {
			return kb << 10
		}
	}
	t.Skip("no RssFile in /proc/self/status")
	return 0
}

// residentAtReleases reads src, written to a file in dir and mapped,
// with a Release that drops the pages it is told of, and returns the
// most of the file resident at a release or at the end.
func residentAtReleases(t *testing.T, dir, src string) int {
	t.Helper()
	path := filepath.Join(dir, "m.mlir")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, len(src), syscall.PROT_READ, syscall.MAP_SHARED)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Munmap(data)
	if !bytes.Equal(data[:16], []byte(src[:16])) {
		t.Fatal("the mapping is not the file")
	}
	base, most := rssFile(t), 0
	release := func(from, to int) {
		most = max(most, rssFile(t)-base)
		page := os.Getpagesize()
		from, to = (from+page-1)/page*page, to/page*page
		if to > from {
			syscall.Madvise(data[from:to], syscall.MADV_DONTNEED)
		}
	}
	if _, err := ParseFile("m.mlir", data, Options{Values: dropValues{}, Release: release}); err != nil {
		t.Fatal(err)
	}
	return max(most, rssFile(t)-base) // and what the read left resident
}

// TestHugeValueReleased: a module whose argument holds a value of many
// steps (an array, a dense of floats, nested arrays, a string, a dialect
// attribute), or whose signature is many small arguments, read from a
// mapping whose pages Release drops, holds at most a few steps of it in
// memory at each release, however long it is: what a read holds of a
// mapped input is bounded.
func TestHugeValueReleased(t *testing.T) {
	dir := t.TempDir()
	size := 24 * ast.ReleaseStep
	for _, c := range []struct{ name, open, elem, close string }{
		{"array", "[", "1, ", "1]"},
		{"dense", "dense<[", "1.5, ", "1.5]> : tensor<?xf32>"},
		{"nested arrays", "[", "[1, 2], ", "[3]]"},
		{"string", `"`, "params['layer'] ", `"`},
		{"dialect attribute", `#zoo.enc<"`, "params['layer'] ", `">`},
	} {
		src := "func.func @main(%arg0: tensor<4xf32> {jax.buffer_donor = true, zoo.v = " + c.open +
			strings.Repeat(c.elem, size/len(c.elem)) + c.close + "}, %arg1: tensor<4xf32>) -> tensor<4xf32> {\n  return %arg1 : tensor<4xf32>\n}\n"
		if most, limit := residentAtReleases(t, dir, src), 8*ast.ReleaseStep; most > limit {
			t.Errorf("%s of %d MiB: %d MiB of it resident at a release, want at most %d", c.name, len(src)>>20, most>>20, limit>>20)
		}
	}
	var b strings.Builder
	b.WriteString("func.func @main(")
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "%%arg%d: tensor<4xf32> {jax.buffer_donor = true, zoo.s = \"params['layer_%d']\"}, ", i, i)
	}
	b.WriteString("%last: tensor<4xf32>) -> tensor<4xf32> {\n  return %last : tensor<4xf32>\n}\n")
	if most, limit := residentAtReleases(t, dir, b.String()), 8*ast.ReleaseStep; most > limit {
		t.Errorf("%d MiB of small arguments: %d MiB resident at a release, want at most %d", b.Len()>>20, most>>20, limit>>20)
	}
}
