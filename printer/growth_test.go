package printer_test

import (
	"bytes"
	"io"
	"runtime"
	"runtime/debug"
	"testing"
	"time"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/bench/gen"
	"github.com/mhlo-alias/mhlo-alias/lower"
	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/printer"
)

// growthN is the smaller size of the growth benchmarks; each also runs at
// twice that.
const growthN = 8000

// donatedModule is a module of n same-shape donated parameters and n
// results, with its config after donation: result i may-aliases argument
// i and no donor is left, so that every argument's dictionary changes
// (jax.buffer_donor goes, mhlo.result_alias comes) on one long line.
type donatedModule struct {
	src   []byte
	file  *ast.File
	cfg   *model.Config
	edits []printer.Edit
}

func newDonatedModule(b *testing.B, n int) *donatedModule {
	var buf bytes.Buffer
	if _, err := gen.Write(&buf, gen.Options{Params: n, Uniform: "tensor<128x256xf32>", Donors: true}); err != nil {
		b.Fatal(err)
	}
	m := &donatedModule{src: buf.Bytes()}
	m.file, m.cfg = load(b, "donors.mlir", m.src, lower.Options{})
	for i := 0; i < n; i++ {
		if err := m.cfg.Aliases.SetUpAlias(model.ShapeIndex{int64(i)}, int64(i), nil, model.MayAlias, model.Origin{}); err != nil {
			b.Fatal(err)
		}
		m.cfg.Donors.RemoveBufferDonor(int64(i), nil)
	}
	edits, err := printer.Edits(m.file, m.src, m.cfg, printer.EmitResultAlias)
	if err != nil {
		b.Fatal(err)
	}
	m.edits = edits
	return m
}

// growth times op at n and at 2n, b.N times each, alternating, and
// reports the mean time at each size and the ratio of the best times
// (2N/N: 2 is linear, 4 quadratic; the best of b.N runs is what noise on
// a shared machine disturbs least).
func growth(b *testing.B, n int, op func(n int)) {
	b.ReportAllocs()
	var small, large time.Duration
	bestSmall, bestLarge := time.Duration(1<<62), time.Duration(1<<62)
	for i := 0; i < b.N; i++ {
		for _, size := range []int{n, 2 * n} {
			b.StopTimer()
			runtime.GC()
			b.StartTimer()
			// With no collection, as the command runs (see passes'
			// growth).
			gc := debug.SetGCPercent(-1)
			start := time.Now()
			op(size)
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

// BenchmarkGrowth computes the edits, applies them and renders the diff
// (plain and in color) for donatedModule at N = growthN and at 2N
// parameters, and reports how the time grows.
func BenchmarkGrowth(b *testing.B) {
	mods := map[int]*donatedModule{growthN: newDonatedModule(b, growthN), 2 * growthN: newDonatedModule(b, 2*growthN)}
	b.Run("edits", func(b *testing.B) {
		growth(b, growthN, func(n int) {
			m := mods[n]
			if _, err := printer.Edits(m.file, m.src, m.cfg, printer.EmitResultAlias); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("edits-module", func(b *testing.B) {
		growth(b, growthN, func(n int) {
			m := mods[n]
			if _, err := printer.Edits(m.file, m.src, m.cfg, printer.EmitModule); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("apply", func(b *testing.B) {
		growth(b, growthN, func(n int) {
			m := mods[n]
			if err := printer.Apply(io.Discard, m.src, m.edits); err != nil {
				b.Fatal(err)
			}
		})
	})
	for _, color := range []bool{false, true} {
		name := "diff"
		if color {
			name = "diff-color"
		}
		b.Run(name, func(b *testing.B) {
			growth(b, growthN, func(n int) {
				m := mods[n]
				if err := printer.Diff(io.Discard, m.src, m.edits, printer.DiffOptions{OldName: "a", NewName: "b", Color: color}); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}
