package mhloalias

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// feedPipe writes src into a new pipe in pieces of random sizes and
// returns the pipe's reading end. Before the last piece it waits until
// ready reports true (or a deadline passes), so that a test can see what
// happened while the stream was still open.
func feedPipe(t *testing.T, src []byte, ready func() bool) (*os.File, chan bool) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	sawReady := make(chan bool, 1)
	go func() {
		defer w.Close()
		rng := rand.New(rand.NewPCG(3, 4))
		last := len(src) - 1
		for i := 0; i < last; {
			n := min(last-i, 1+rng.IntN(256<<10))
			if _, err := w.Write(src[i : i+n]); err != nil {
				return
			}
			i += n
		}
		ok := false
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
			if ok = ready(); ok {
				break
			}
		}
		sawReady <- ok
		w.Write(src[last:])
	}()
	return r, sawReady
}

// hasTemp reports whether dir holds a file other than the output, that
// is the temporary output being written.
func hasTemp(dir string) bool {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.Name() != "out.mlir" {
			return true
		}
	}
	return false
}

// Reading a growing stream to standard output (ProcessReader) gives what
// the whole input gives, and so do the modes that wait for the whole of
// it first: chunks, annotations, HLO text.
func TestGrowingProcessReader(t *testing.T) {
	mlir := prefixModule("", prefixMain, "")
	hloText := []byte("HloModule m, entry_computation_layout={(f32[4]{0})->f32[4]{0}}\n\n" +
		"ENTRY main {\n  // " + strings.Repeat("x", 5<<20) + "\n  ROOT p = f32[4]{0} parameter(0)\n}\n")
	for _, tt := range []struct {
		name string
		src  []byte
		o    Options
	}{
		{"mlir", mlir, Options{Passes: "buffer-donation-to-alias"}},
		{"split", append(append([]byte{}, mlir...), "// -----\n"+string(mlir)...), Options{Passes: "buffer-donation-to-alias", SplitInputFile: true}},
		{"hlo", hloText, Options{Passes: "add-may-aliases"}},
	} {
		r, _ := feedPipe(t, tt.src, func() bool { return true })
		res, err := ProcessReader("<stdin>", r, tt.o)
		r.Close()
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var got bytes.Buffer
		if _, err := res.WriteTo(&got); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		res.Close()
		whole, err := Process("<stdin>", tt.src, tt.o)
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		whole.WriteTo(&want)
		if !bytes.Equal(got.Bytes(), want.Bytes()) || len(res.Modules) != len(whole.Modules) || res.OK() != whole.OK() {
			t.Errorf("%s: output equal %v, %d modules (want %d), ok %v (want %v)", tt.name,
				bytes.Equal(got.Bytes(), want.Bytes()), len(res.Modules), len(whole.Modules), res.OK(), whole.OK())
		}
	}
}

// failingReader yields src, then fails.
type failingReader struct {
	src []byte
	err error
}

func (f *failingReader) Read(p []byte) (int, error) {
	if len(f.src) == 0 {
		return 0, f.err
	}
	n := copy(p, f.src)
	f.src = f.src[n:]
	return n, nil
}

// A stream that breaks off with a read error, or ends in the middle of
// the module, leaves no output: the error is the read's, or a positioned
// diagnostic.
func TestGrowingStreamFails(t *testing.T) {
	o := Options{Passes: "buffer-donation-to-alias"}
	src := prefixModule("", prefixMain, "")
	broken := errors.New("device gone")
	dir := t.TempDir()
	out := filepath.Join(dir, "out.mlir")
	res, err := ProcessReaderTo("<stdin>", &failingReader{src: src[:len(src)-100], err: broken}, out, o)
	if !errors.Is(err, broken) || res != nil {
		t.Errorf("read error: got %v, %v", res, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("read error: the directory holds %d files", len(entries))
	}
	res, err = ProcessReaderTo("<stdin>", struct{ io.Reader }{bytes.NewReader(src[:len(src)-100])}, out, o)
	if err != nil {
		t.Fatal(err)
	}
	res.Close()
	d := res.Diagnostics()
	if res.OK() || len(d) == 0 || !d[0].Pos.IsValid() {
		t.Errorf("truncated module: ok %v, diagnostics %v", res.OK(), d)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("truncated module: the directory holds %d files", len(entries))
	}
}
