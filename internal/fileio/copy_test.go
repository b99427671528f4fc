package fileio

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// openWritten writes src to a file in dir and opens it as an input,
// closed when the test ends; it returns the input and the file's path.
func openWritten(t *testing.T, dir string, src []byte) (*Input, string) {
	t.Helper()
	path := filepath.Join(dir, "in")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	in, err := OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { in.Close() })
	return in, path
}

// TestCopyRange copies ranges of a file to a file behind prefixes that
// move them by whole pages (copy_file_range) and by other amounts (read
// and written in pieces, copyShifted), and checks the bytes.
func TestCopyRange(t *testing.T) {
	dir := t.TempDir()
	src := make([]byte, 19<<20+12345)
	for i := range src {
		src[i] = byte(i*7 + i>>13)
	}
	in, _ := openWritten(t, dir, src)
	for _, tt := range []struct{ prefix, a, b int }{
		{611, 12345, len(src) - 100},
		{4096, 12345, len(src) - 100},
		{0, 0, len(src)},
		{1, 4096, 4096 + ZeroCopyMin},
		{70000, 3, 8<<20 + 5},
	} {
		out, err := os.Create(filepath.Join(dir, "out"))
		if err != nil {
			t.Fatal(err)
		}
		bw := bufio.NewWriter(out)
		bw.WriteString(strings.Repeat("x", tt.prefix))
		if err := in.copyRange(bw, out, tt.a, tt.b, int64(tt.prefix)); err != nil {
			t.Fatal(err)
		}
		if err := bw.Flush(); err != nil {
			t.Fatal(err)
		}
		out.Close()
		got, _ := os.ReadFile(filepath.Join(dir, "out"))
		want := append([]byte(strings.Repeat("x", tt.prefix)), src[tt.a:tt.b]...)
		if !bytes.Equal(got, want) {
			t.Errorf("prefix %d, [%d:%d]: %d bytes differ from the %d wanted", tt.prefix, tt.a, tt.b, len(got), len(want))
		}
	}
}
