package mhloalias

import (
	"bytes"
	"github.com/mhlo-alias/mhlo-alias/internal/fileio"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// bigModule is the example module with a function of n bytes of body
// before @main, so that a stream of it is spooled.
func bigModule(n int) []byte {
	var b strings.Builder
	b.WriteString("module {\n  func.func private @weights() {\n")
	line := `    %c = "stablehlo.constant"() {value = dense<"0x00000000000000000000000000000000"> : tensor<4xf32>} : () -> tensor<4xf32>` + "\n"
	for b.Len() < n {
		b.WriteString(line)
	}
	b.WriteString("    return\n  }\n")
	b.WriteString("  func.func public @main(%arg0: tensor<4xf32> {jax.buffer_donor = true}) -> tensor<4xf32> {\n    return %arg0 : tensor<4xf32>\n  }\n}\n")
	return []byte(b.String())
}

// onlyReader hides every method of r but Read, as a pipe would.
type onlyReader struct{ r io.Reader }

func (o onlyReader) Read(p []byte) (int, error) { return o.r.Read(p) }

func TestReaderFileAndBytesAgree(t *testing.T) {
	src := bigModule(2*fileio.MemoryBound + 12345)
	path := filepath.Join(t.TempDir(), "big.mlir")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	o := Options{Passes: "buffer-donation-to-alias"}
	want, err := Rewrite(src, o)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(want, src) {
		t.Fatal("the pass changed nothing; the test needs a change")
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for name, open := range map[string]func() (*Result, error){
		"file":            func() (*Result, error) { return ProcessFile(path, o) },
		"spooled stream":  func() (*Result, error) { return ProcessReader("<stdin>", onlyReader{bytes.NewReader(src)}, o) },
		"redirected file": func() (*Result, error) { f.Seek(0, io.SeekStart); return ProcessReader("<stdin>", f, o) },
		"pipe": func() (*Result, error) {
			pr, pw, err := os.Pipe()
			if err != nil {
				return nil, err
			}
			defer pr.Close()
			go func() { pw.Write(src); pw.Close() }()
			return ProcessReader("<stdin>", pr, o)
		},
	} {
		res, err := open()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var out bytes.Buffer
		if _, err := res.WriteTo(&out); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !bytes.Equal(out.Bytes(), want) {
			t.Errorf("%s: output differs from Rewrite's", name)
		}
		if res.in.File == nil {
			t.Errorf("%s: the input is not a file, so nothing is copied file to file", name)
		}
		res.Close()
	}
	if _, err := f.Stat(); err != nil {
		t.Errorf("closing a result of a redirected file closed the caller's file: %v", err)
	}
}

func TestWriteFileToDevice(t *testing.T) {
	res, err := Process("m.mlir", bigModule(100), Options{Passes: "buffer-donation-to-alias"})
	if err != nil {
		t.Fatal(err)
	}
	if err := res.WriteFile(os.DevNull); err != nil {
		t.Errorf("WriteFile(%s): %v", os.DevNull, err)
	}
	if st, err := os.Stat(os.DevNull); err != nil || st.Mode().IsRegular() {
		t.Errorf("%s was replaced: %v %v", os.DevNull, st.Mode(), err)
	}
}

func TestWriteInPlaceNeedsAFile(t *testing.T) {
	res, err := Process("m.mlir", bigModule(100), Options{Passes: "buffer-donation-to-alias"})
	if err != nil {
		t.Fatal(err)
	}
	if err := res.WriteInPlace(); err == nil {
		t.Error("WriteInPlace of bytes succeeded")
	}
}

func TestUsageErrors(t *testing.T) {
	for _, o := range []Options{{Passes: "nope"}, {Emit: "yaml"}, {Partitioned: "maybe"}} {
		_, err := Process("m.mlir", nil, o)
		if _, ok := err.(*UsageError); !ok {
			t.Errorf("Process with %+v: error %v, want a UsageError", o, err)
		}
	}
}

func TestErrorsAreDiagnostics(t *testing.T) {
	_, err := Rewrite([]byte("module {\n  func.func @f() {\n  }\n}\n"), Options{})
	if err == nil || !strings.Contains(err.Error(), "1:1: error: entry function @main not found") {
		t.Errorf("Rewrite error = %v", err)
	}
}

func TestDiffOfMappedFile(t *testing.T) {
	src := bigModule(3*(8<<20) + 999)
	path := filepath.Join(t.TempDir(), "big.mlir")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	o := Options{Passes: "buffer-donation-to-alias"}
	fromBytes, err := Process(path, src, o)
	if err != nil {
		t.Fatal(err)
	}
	fromFile, err := ProcessFile(path, o)
	if err != nil {
		t.Fatal(err)
	}
	defer fromFile.Close()
	if fromFile.in.Release == nil {
		t.Skip("the file is not mapped here")
	}
	var want, got bytes.Buffer
	if err := fromBytes.WriteDiff(&want, DiffOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := fromFile.WriteDiff(&got, DiffOptions{}); err != nil {
		t.Fatal(err)
	}
	if want.Len() == 0 || got.String() != want.String() {
		t.Errorf("diff of the mapped file:\n%s\nwant:\n%s", got.String(), want.String())
	}
	if n, want := fromFile.in.CountLines(10, len(src)-10), bytes.Count(src[10:len(src)-10], []byte{'\n'}); n != want {
		t.Errorf("countLines = %d, want %d", n, want)
	}
}
