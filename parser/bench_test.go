package parser_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/mhlo-alias/mhlo-alias/bench/gen"
	"github.com/mhlo-alias/mhlo-alias/lower"
	"github.com/mhlo-alias/mhlo-alias/parser"
)

var large struct {
	once sync.Once
	path string
	err  error
}

// largeModule writes, once per process, a 200 MB module whose @main sits
// after one 150 MB private function.
func largeModule(b *testing.B) string {
	large.once.Do(func() {
		dir, err := os.MkdirTemp("", "mhlo-alias-bench")
		if err != nil {
			large.err = err
			return
		}
		large.path = filepath.Join(dir, "large.mlir")
		f, err := os.Create(large.path)
		if err != nil {
			large.err = err
			return
		}
		defer f.Close()
		_, large.err = gen.Write(f, gen.Options{Before: 150 << 20, After: 50 << 20, Params: 512, Seed: 1, FuncBytes: 150 << 20})
	})
	if large.err != nil {
		b.Fatal(large.err)
	}
	return large.path
}

// BenchmarkFrontEnd200MB reads a 200 MB module from disk, finds @main
// after a 150 MB function, parses its signature and lowers it. It also
// times cp of the same file once, reporting cp's speed and the ratio
// (front end time / cp time) in the same run.
func BenchmarkFrontEnd200MB(b *testing.B) {
	path := largeModule(b)
	st, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	cpTime := timeCp(b, path)
	b.SetBytes(st.Size())
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		src, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		f, err := parser.ParseFile(path, src, parser.Options{})
		if err != nil {
			b.Fatal(err)
		}
		if _, diags := lower.Lower(f, src, lower.Options{}); diags.HasErrors() {
			b.Fatal(diags)
		}
	}
	b.StopTimer()
	per := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(float64(st.Size())/cpTime.Seconds()/1e6, "cp-MB/s")
	b.ReportMetric(float64(per)/float64(cpTime), "x-cp-time")
}

// BenchmarkScan200MB is the skip path alone: the module already in memory.
func BenchmarkScan200MB(b *testing.B) {
	path := largeModule(b)
	src, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := parser.ParseFile(path, src, parser.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// timeCp returns the best of three runs of cp on path.
func timeCp(b *testing.B, path string) time.Duration {
	best := time.Duration(1 << 62)
	dst := path + ".copy"
	defer os.Remove(dst)
	for i := 0; i < 3; i++ {
		start := time.Now()
		if out, err := exec.Command("cp", path, dst).CombinedOutput(); err != nil {
			b.Fatalf("cp: %v %s", err, out)
		}
		if d := time.Since(start); d < best {
			best = d
		}
	}
	return best
}
