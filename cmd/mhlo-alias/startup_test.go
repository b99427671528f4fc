package main

import (
	"io"
	"os"
	"testing"
)

// BenchmarkSmallModule is one in-process run on a 5 KB module, the work an
// invocation does after the process starts (the grammar is built once per
// process, so it shows in the first run only).
func BenchmarkSmallModule(b *testing.B) {
	src, err := os.ReadFile("../../testdata/examples/jax_donation.mlir")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if code := run([]string{"--passes=flip-may-aliases", "-"}, bytesReader(src), io.Discard, io.Discard); code != 0 {
			b.Fatal(code)
		}
	}
}

func bytesReader(b []byte) io.Reader { return &sliceReader{b} }

type sliceReader struct{ b []byte }

func (r *sliceReader) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.b)
	r.b = r.b[n:]
	return n, nil
}
