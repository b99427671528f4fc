package passes

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// growthN is the smaller size of the growth benchmarks; each also runs at
// twice that.
const growthN = 8000

// growthConfig is the worst case for matching by shape: 2n parameters and
// n outputs, all f32[128,256]{1,0}. Outputs {0} to {n/2-1} are may-aliases
// of parameters 0 to n/2-1, and parameters n to 2n-1 are buffer donors, so
// that discovery pairs the other n/2 outputs, donation pairs n/2 donors and
// leaves n/2 donors searching in vain, and every alias pass has n/2 aliases
// to rewrite.
func growthConfig(n int) *model.Config {
	shape := model.Array(model.F32, 128, 256)
	params := make([]model.Shape, 2*n)
	for i := range params {
		params[i] = shape
	}
	outs := make([]model.Shape, n)
	for i := range outs {
		outs[i] = shape
	}
	c := model.NewConfig(params, model.Tuple(outs...))
	for i := 0; i < n/2; i++ {
		if err := c.Aliases.SetUpAlias(model.ShapeIndex{int64(i)}, int64(i), nil, model.MayAlias, model.Origin{}); err != nil {
			panic(err)
		}
	}
	for i := n; i < 2*n; i++ {
		if err := c.Donors.AddBufferDonor(int64(i), nil, model.Origin{}); err != nil {
			panic(err)
		}
	}
	return c
}

// growth times op at n and at 2n leaves, b.N times each, alternating so
// that both sizes see the same state of the machine, and reports the mean
// time at each size and the ratio of the best times (2N/N: 2 is linear,
// 4 quadratic; the best of b.N runs is what noise on a shared machine
// disturbs least). prepare builds the input of one run outside the timer
// and returns the operation to time.
func growth(b *testing.B, n int, prepare func(n int) func()) {
	b.Helper()
	b.ReportAllocs()
	var small, large time.Duration
	bestSmall, bestLarge := time.Duration(1<<62), time.Duration(1<<62)
	for i := 0; i < b.N; i++ {
		for _, size := range []int{n, 2 * n} {
			b.StopTimer()
			op := prepare(size)
			// Collect the garbage of earlier runs now, so that neither size
			// pays for the other's.
			runtime.GC()
			b.StartTimer()
			// Timed as the command runs it: with no collection (see
			// cmd/mhlo-alias), so that a cycle the larger run happens to
			// trigger does not count as growth.
			gc := debug.SetGCPercent(-1)
			start := time.Now()
			op()
			d := time.Since(start)
			debug.SetGCPercent(gc)
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

// BenchmarkGrowth runs every pass, and model.Verify, on growthConfig at
// N = growthN and at 2N leaves and reports how the time grows.
func BenchmarkGrowth(b *testing.B) {
	bases := map[int]*model.Config{growthN: growthConfig(growthN), 2 * growthN: growthConfig(2 * growthN)}
	for _, p := range All {
		b.Run(p.Name, func(b *testing.B) {
			growth(b, growthN, func(n int) func() {
				c := bases[n].Clone()
				return func() {
					if _, err := p.Run(c, p.Defaults()); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
	}
	b.Run("verify", func(b *testing.B) {
		growth(b, growthN, func(n int) func() {
			c := bases[n]
			return func() {
				if errs := model.Verify(c); errs.HasErrors() {
					b.Fatal(errs)
				}
			}
		})
	})
}
