package parser_test

import (
	"bytes"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/bench/gen"
	"github.com/mhlo-alias/mhlo-alias/parser"
)

// module generates a module in memory.
func module(tb testing.TB, size int64, params, constBytes int) []byte {
	tb.Helper()
	var b bytes.Buffer
	if _, err := gen.Write(&b, gen.Options{Before: size * 3 / 4, After: size / 4, Params: params, Seed: 1, ConstBytes: constBytes}); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

func benchParse(b *testing.B, src []byte) {
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := parser.ParseFile("m.mlir", src, parser.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScanWeights is the skip path over bodies of dense constants.
func BenchmarkScanWeights(b *testing.B) { benchParse(b, module(b, 64<<20, 8, 0)) }

// BenchmarkScanOps is the skip path over bodies of small ops.
func BenchmarkScanOps(b *testing.B) { benchParse(b, module(b, 64<<20, 8, 64)) }

// BenchmarkSignature is the grammar on a signature of 2000 parameters
// (about 280 KB) with little else in the module.
func BenchmarkSignature(b *testing.B) { benchParse(b, module(b, 1, 2000, 64)) }

// TestSkipPathAllocations checks that skipping bodies allocates nothing in
// proportion to their size: a module 16 times larger allocates as much.
func TestSkipPathAllocations(t *testing.T) {
	small, large := module(t, 1<<20, 8, 64), module(t, 16<<20, 8, 64)
	allocs := func(src []byte) float64 {
		return testing.AllocsPerRun(3, func() {
			if _, err := parser.ParseFile("m.mlir", src, parser.Options{}); err != nil {
				t.Fatal(err)
			}
		})
	}
	a, b := allocs(small), allocs(large)
	// A few more functions hold a few more names; nothing grows with bytes.
	if b > a+64 {
		t.Errorf("parsing a 16 MB module allocates %.0f times, a 1 MB one %.0f: the skip path allocates per byte", b, a)
	}
}
