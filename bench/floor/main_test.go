package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// Each mode writes the input (with the shift, for the two that copy) and
// counts the same quotes and newlines.
func TestModes(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	src := bytes.Repeat([]byte("a \"quoted\" line\n"), 3*chunk/16+5) // over one chunk, not a whole number of them
	if err := os.WriteFile(in, src, 0o644); err != nil {
		t.Fatal(err)
	}
	at := len(src) / 4 * 3
	shifted := append(append(append([]byte{}, src[:at]...), bytes.Repeat([]byte{' '}, shift)...), src[at:]...)
	head := bytes.IndexByte(src, '\n') + 1
	headShifted := append(append(append([]byte{}, shifted[:head]...), bytes.Repeat([]byte{' '}, headShift)...), shifted[head:]...)
	want := bytes.Count(src, []byte{'\n'}) + bytes.Count(src, []byte{'"'})
	for mode, output := range map[string][]byte{"scanwrite": src, "beside": shifted, "ordered": shifted, "shifted": headShifted, "copy": headShifted, "pieces": headShifted, "stream": src} {
		out := filepath.Join(dir, mode)
		n, err := run(mode, in, out)
		if err != nil {
			t.Fatalf("%s: %v", mode, err)
		}
		if mode == "copy" || mode == "pieces" {
			n = want // it reads nothing
		}
		if n != want {
			t.Errorf("%s: counted %d, want %d", mode, n, want)
		}
		if got, _ := os.ReadFile(out); !bytes.Equal(got, output) {
			t.Errorf("%s: the output differs (%d bytes, want %d)", mode, len(got), len(output))
		}
	}
	if _, err := run("none", in, filepath.Join(dir, "x")); err == nil {
		t.Error("an unknown mode ran")
	}
}
