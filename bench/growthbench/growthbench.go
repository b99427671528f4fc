// Package growthbench is the harness of the growth benchmarks of model, passes
// and printer: it times an operation at a size N and at 2N and reports how
// the time grows.
package growthbench

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// Run times the operations prepare returns for n and for 2n, b.N times
// each, alternating so that both sizes see the same state of the machine,
// and reports the mean time at each size (ns/N, ns/2N) and the ratio of
// the best times (2N/N: 2 is linear, 4 quadratic; the best of b.N runs is
// what noise on a shared machine disturbs least). prepare builds the input
// of one run outside the timer; the garbage of earlier runs is collected
// before each timed run. With noGC the timed run has no collection, as
// the command runs (it turns the collector off below its memory limit), so
// that a cycle only the larger run happens to trigger does not count as
// growth.
func Run(b *testing.B, n int, noGC bool, prepare func(n int) func()) {
	b.Helper()
	b.ReportAllocs()
	var small, large time.Duration
	bestSmall, bestLarge := time.Duration(1<<62), time.Duration(1<<62)
	for i := 0; i < b.N; i++ {
		for _, size := range []int{n, 2 * n} {
			b.StopTimer()
			op := prepare(size)
			runtime.GC()
			b.StartTimer()
			gc := 0
			if noGC {
				gc = debug.SetGCPercent(-1)
			}
			start := time.Now()
			op()
			d := time.Since(start)
			if noGC {
				debug.SetGCPercent(gc)
			}
			if size == n {
				small, bestSmall = small+d, min(bestSmall, d)
			} else {
				large, bestLarge = large+d, min(bestLarge, d)
			}
		}
	}
	b.ReportMetric(float64(small.Nanoseconds())/float64(b.N), "ns/N")
	b.ReportMetric(float64(large.Nanoseconds())/float64(b.N), "ns/2N")
	b.ReportMetric(float64(bestLarge)/float64(bestSmall), "2N/N")
}

// Bytes runs the operations prepare returns for n and for 2n parameters,
// b.N times each, and reports the bytes allocated per parameter at each
// size (B/param-N, B/param-2N) and their ratio (2N/N-bytes: 1 is a fixed
// budget per parameter, above 1 a cost that grows with the count).
// prepare builds the input outside the count.
func Bytes(b *testing.B, n int, prepare func(n int) func()) {
	b.Helper()
	b.ReportAllocs()
	var per [2]float64
	for i := 0; i < b.N; i++ {
		for k, size := range []int{n, 2 * n} {
			b.StopTimer()
			op := prepare(size)
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			b.StartTimer()
			op()
			b.StopTimer()
			runtime.ReadMemStats(&after)
			per[k] += float64(after.TotalAlloc-before.TotalAlloc) / float64(size)
			b.StartTimer()
		}
	}
	b.ReportMetric(per[0]/float64(b.N), "B/param-N")
	b.ReportMetric(per[1]/float64(b.N), "B/param-2N")
	b.ReportMetric(per[1]/per[0], "2N/N-bytes")
}
