package fileio

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// writeRecorder records the offset and length of every write.
type writeRecorder struct {
	buf    bytes.Buffer
	writes [][2]int
}

func (r *writeRecorder) Write(p []byte) (int, error) {
	r.writes = append(r.writes, [2]int{r.buf.Len(), len(p)})
	return r.buf.Write(p)
}

// A long range from memory reaches the writer in whole pieces of the
// output: every write but the buffer's, the range's first and its last
// begins and ends at a multiple of WritePiece, whatever the offset the
// range begins at; a short one stays in the buffer.
func TestWritePieces(t *testing.T) {
	src := make([]byte, 5*WritePiece+777)
	for i := range src {
		src[i] = byte(i * 13)
	}
	for _, head := range []int{0, 1, 30, 4096, WritePiece - 1, WritePiece + 5} {
		rec := &writeRecorder{}
		bw := bufio.NewWriterSize(rec, 64<<10)
		bw.Write(bytes.Repeat([]byte{'h'}, head%(32<<10))) // buffered
		rec.buf.Write(bytes.Repeat([]byte{'p'}, head-head%(32<<10)))
		o := int64(head)
		if err := writePieces(bw, rec, src, o); err != nil {
			t.Fatal(err)
		}
		bw.Flush()
		if want := append(bytes.Repeat([]byte{'p'}, head-head%(32<<10)), append(bytes.Repeat([]byte{'h'}, head%(32<<10)), src...)...); !bytes.Equal(rec.buf.Bytes(), want) {
			t.Fatalf("head %d: the output differs", head)
		}
		var ragged int
		for i, w := range rec.writes {
			if w[0]%WritePiece != 0 && i > 0 && w[0] > head {
				ragged++
			}
			if end := w[0] + w[1]; end%WritePiece != 0 && end != rec.buf.Len() && w[0] >= head {
				ragged++
			}
		}
		// Only the first write of the range may begin inside a piece.
		if ragged > 1 {
			t.Errorf("head %d: %d writes begin or end inside a piece: %v", head, ragged, rec.writes)
		}
	}
	rec := &writeRecorder{}
	bw := bufio.NewWriterSize(rec, 64<<10)
	if err := writePieces(bw, rec, src[:100], 30); err != nil || len(rec.writes) != 0 || bw.Buffered() != 100 {
		t.Errorf("a short range: %d writes, %d buffered (%v)", len(rec.writes), bw.Buffered(), err)
	}
}

// A range moved by other than whole pages is read through a buffer; an
// input truncated under it is a ChangedError, as under copy_file_range.
func TestCopyShiftedTruncated(t *testing.T) {
	dir := t.TempDir()
	src := bytes.Repeat([]byte("0123456789abcdef"), 4<<16) // 4 MB
	in, path := openWritten(t, dir, src)
	out, err := os.Create(filepath.Join(dir, "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	if err := os.Truncate(path, int64(len(src)/2)); err != nil {
		t.Fatal(err)
	}
	bw := bufio.NewWriter(out)
	err = in.copyRange(bw, out, 100, len(src), 30)
	var ce *ChangedError
	if !errors.As(err, &ce) {
		t.Fatalf("error %v, want a ChangedError", err)
	}
}
