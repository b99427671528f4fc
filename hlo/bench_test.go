//go:build unix

package hlo_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/mhlo-alias/mhlo-alias/bench/gen"
	"github.com/mhlo-alias/mhlo-alias/hlo"
)

var large struct {
	once sync.Once
	path string
	err  error
}

// TestMain removes the dump the benchmarks wrote.
func TestMain(m *testing.M) {
	code := m.Run()
	if large.path != "" {
		os.RemoveAll(filepath.Dir(large.path))
	}
	os.Exit(code)
}

// largeDump writes, once per process, a 200 MB HLO dump whose ENTRY
// computation (512 parameters) follows computations of large literal
// constants.
func largeDump(b *testing.B) string {
	large.once.Do(func() {
		dir, err := os.MkdirTemp("", "mhlo-alias-hlo-bench")
		if err != nil {
			large.err = err
			return
		}
		large.path = filepath.Join(dir, "large.hlo")
		f, err := os.Create(large.path)
		if err != nil {
			large.err = err
			return
		}
		defer f.Close()
		_, large.err = gen.WriteHLO(f, gen.HLOOptions{Size: 200 << 20, Params: 512, Seed: 1})
	})
	if large.err != nil {
		b.Fatal(large.err)
	}
	return large.path
}

// BenchmarkScanHLO200MB is the skip path alone: the dump already in
// memory, the header and the entry read, every other body skipped.
func BenchmarkScanHLO200MB(b *testing.B) {
	src, err := os.ReadFile(largeDump(b))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	for i := 0; i < b.N; i++ {
		if _, err := hlo.ParseFile("large.hlo", src, hlo.Options{}); err != nil {
			b.Fatal(err)
		}
	}
	// On a shared machine the wall clock counts other processes' time
	// too; the process's CPU time does not.
	b.ReportMetric(float64(len(src))*float64(b.N)/(cpuTime()-cpu).Seconds()/1e6, "MB/cpu-s")
}

// cpuTime is the user and system time the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkFrontEndHLO200MB reads the dump from disk, scans it, parses
// the header and the entry's shapes and lowers them. It also times cp of
// the same file, reporting the ratio (front end time / cp time) in the
// same run.
func BenchmarkFrontEndHLO200MB(b *testing.B) {
	path := largeDump(b)
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
		f, err := hlo.ParseFile(path, src, hlo.Options{})
		if err != nil {
			b.Fatal(err)
		}
		if _, diags := hlo.Lower(f, src); diags.HasErrors() {
			b.Fatal(diags)
		}
	}
	b.StopTimer()
	per := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(float64(per)/float64(cpTime), "x-cp-time")
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
