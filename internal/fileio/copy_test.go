package fileio

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/edit"
)

// TestCopyEdited writes a mapped file with edits applied to a file and to
// a buffer, with ranges between edits long enough to be copied from the
// file and short enough to go through the buffer, and checks the bytes.
func TestCopyEdited(t *testing.T) {
	dir := t.TempDir()
	src := make([]byte, 3<<20+12345)
	for i := range src {
		src[i] = byte(i*7 + i>>13)
	}
	path := filepath.Join(dir, "in")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	in, err := OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	edits := []edit.Edit{{Start: 3, End: 5, New: "abc"}, {Start: 100, End: 100, New: "x"}, {Start: 1 << 20, End: 2<<20 + 1, New: ""}, {Start: 2<<20 + 7, End: 2<<20 + 9, New: "yz"}}
	var want []byte
	at := 0
	for _, e := range edits {
		want = append(append(want, src[at:e.Start]...), e.New...)
		at = e.End
	}
	want = append(want, src[at:]...)
	out, err := os.Create(filepath.Join(dir, "out"))
	if err != nil {
		t.Fatal(err)
	}
	out.WriteString("head")
	if n, err := in.CopyEdited(out, 0, len(src), edits); err != nil || n != int64(len(want)) {
		t.Fatalf("CopyEdited to a file: %d bytes, %v; want %d", n, err, len(want))
	}
	out.Close()
	got, _ := os.ReadFile(filepath.Join(dir, "out"))
	if !bytes.Equal(got, append([]byte("head"), want...)) {
		t.Errorf("to a file: %d bytes, want %d", len(got), len(want)+4)
	}
	var b bytes.Buffer
	if _, err := in.CopyEdited(&b, 0, len(src), edits); err != nil || !bytes.Equal(b.Bytes(), want) {
		t.Errorf("to a buffer: %d bytes, want %d (%v)", b.Len(), len(want), err)
	}
	// Truncated under the copy, read under Guard: the input's
	// ChangedError.
	if err := os.Truncate(path, 1<<20); err != nil {
		t.Fatal(err)
	}
	var ce *ChangedError
	if gerr := in.Guard(func() { _, err = in.CopyEdited(&bytes.Buffer{}, 0, len(src), edits) }); gerr != nil {
		err = gerr
	}
	if !errorsAs(err, &ce) {
		t.Errorf("truncated: %v, want a ChangedError", err)
	}
}
