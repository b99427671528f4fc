package parser_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"

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

// BenchmarkSignature is the signature front end on signatures of N and
// 2N parameters (8000 is about 1.2 MB of text) with little else in the
// module: ParseFile, which reads the module's structure and decodes the
// entry signature. Besides MB/s it reports allocations per argument, the
// fastest parse (steadier than the mean on a shared machine) and,
// when mlir-opt-19 is on PATH, the fastest parse as a multiple of the
// fastest of five runs of mlir-opt-19 parsing and printing the same
// module, three before the timed loop and two after it, so that both
// see the same machine: below 1 is faster than mlir-opt.
func BenchmarkSignature(b *testing.B) {
	for _, n := range []int{8000, 16000} {
		src := module(b, 4<<10, n, 64)
		b.Run(fmt.Sprintf("params=%d", n), func(b *testing.B) {
			opt := timeMLIROpt(b, src, 3)
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			best := time.Duration(1 << 62)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				start := time.Now()
				if _, err := parser.ParseFile("m.mlir", src, parser.Options{}); err != nil {
					b.Fatal(err)
				}
				best = min(best, time.Since(start))
			}
			b.StopTimer()
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(b.N)/float64(n), "allocs/arg")
			b.ReportMetric(float64(best.Nanoseconds()), "best-ns/op")
			if opt > 0 {
				opt = min(opt, timeMLIROpt(b, src, 2))
				b.ReportMetric(float64(best)/float64(opt), "x-mlir-opt-best")
			}
		})
	}
}

// timeMLIROpt returns the best of runs runs of mlir-opt-19 parsing and
// printing src, or 0 if mlir-opt-19 is not on PATH.
func timeMLIROpt(b *testing.B, src []byte, runs int) time.Duration {
	opt, err := exec.LookPath("mlir-opt-19")
	if err != nil {
		return 0
	}
	dir := b.TempDir()
	in := filepath.Join(dir, "in.mlir")
	if err := os.WriteFile(in, src, 0o644); err != nil {
		b.Fatal(err)
	}
	best := time.Duration(1 << 62)
	for i := 0; i < runs; i++ {
		start := time.Now()
		if out, err := exec.Command(opt, "--allow-unregistered-dialect", in, "-o", filepath.Join(dir, "out.mlir")).CombinedOutput(); err != nil {
			b.Fatalf("mlir-opt-19: %v %s", err, out)
		}
		best = min(best, time.Since(start))
	}
	return best
}

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

// BenchmarkFlatArray is a signature whose one argument carries a 50 MB
// array of integers in its attribute dictionary: the decoder skims it
// (skimNumbers) after the scanner's pass over the braces.
func BenchmarkFlatArray(b *testing.B) {
	var src []byte
	src = append(src, "func.func @main(%arg0: tensor<4xf32> {foo = ["...)
	for len(src) < 50<<20 {
		src = append(src, "1, "...)
	}
	src = append(src, "1]}) -> tensor<4xf32> {\n  return %arg0 : tensor<4xf32>\n}\n"...)
	benchParse(b, src)
}
