package mhloalias

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCopyRange copies ranges of a file to a file behind prefixes that
// move them by whole pages and by other amounts (copy_file_range both),
// and checks the bytes.
func TestCopyRange(t *testing.T) {
	dir := t.TempDir()
	src := make([]byte, 19<<20+12345)
	for i := range src {
		src[i] = byte(i*7 + i>>13)
	}
	path := filepath.Join(dir, "in")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	in, err := openFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	for _, tt := range []struct{ prefix, a, b int }{
		{611, 12345, len(src) - 100},
		{4096, 12345, len(src) - 100},
		{0, 0, len(src)},
		{1, 4096, 4096 + zeroCopyMin},
		{70000, 3, 8<<20 + 5},
	} {
		out, err := os.Create(filepath.Join(dir, "out"))
		if err != nil {
			t.Fatal(err)
		}
		bw := bufio.NewWriter(out)
		bw.WriteString(strings.Repeat("x", tt.prefix))
		if err := in.copyRange(bw, out, tt.a, tt.b); err != nil {
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

// An HLO dump whose header edit moves a body of megabytes is written while
// it is scanned, and the output is Rewrite's.
func TestProcessFileToShiftedBody(t *testing.T) {
	withOverlapFrom(t, 1<<20)
	var body strings.Builder
	for i := 0; body.Len() < 6<<20; i++ {
		fmt.Fprintf(&body, "  c%d = f32[4]{0} constant({%d.5, -1.25, 3, 0.0625})\n", i, i)
	}
	src := []byte("HloModule m, entry_computation_layout={(f32[4]{0}, f32[4]{0})->f32[4]{0}}, input_output_alias={ {}: (0, {}, may-alias) }\n\n" +
		"helper {\n" + body.String() + "  ROOT r = f32[4]{0} add(c0, c0)\n}\n\n" +
		"ENTRY main {\n  p0 = f32[4]{0} parameter(0)\n  p1 = f32[4]{0} parameter(1)\n  ROOT a = f32[4]{0} add(p0, p1)\n}\n")
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.hlo"), filepath.Join(dir, "out.hlo")
	if err := os.WriteFile(in, src, 0o644); err != nil {
		t.Fatal(err)
	}
	o := Options{Passes: "flip-may-aliases"}
	res, err := ProcessFileTo(in, out, o)
	if err != nil {
		t.Fatal(err)
	}
	res.Close()
	if !res.OK() || !res.overlapped {
		t.Fatalf("ok %v, overlapped %v: %v", res.OK(), res.overlapped, res.Diagnostics())
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Rewrite(src, o)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("output differs from Rewrite's (%v)", err)
	}
	if d := len(want) - len(src); d%os.Getpagesize() == 0 {
		t.Fatalf("the edit moved the body by %d bytes, whole pages: the test needs another", d)
	}
}
