package passes

import (
	"fmt"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/bench/growthbench"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// BenchmarkRemarksOff compares, on the same config, running each pass
// directly (what Run did before remarks existed) with Run and a nil
// Remark sink: the two must take the same time and allocate the same.
func BenchmarkRemarksOff(b *testing.B) {
	base := bigConfig(2000)
	for _, p := range All {
		b.Run(p.Name+"/direct", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				c := base.Clone()
				if _, err := p.Run(c, p.Defaults()); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(p.Name+"/run", func(b *testing.B) {
			b.ReportAllocs()
			pl := Of(p)
			for i := 0; i < b.N; i++ {
				c := base.Clone()
				if err := Run(c, pl, RunOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// donorConfig has n donors of a few shapes beside n/2 outputs, so that
// half the donors stay unused and each needs a nearest candidate.
func donorConfig(n int) *model.Config {
	shapes := []model.Shape{model.Array(model.F32, 128, 256), model.Array(model.BF16, 64), model.Array(model.S32, 8, 8, 8), model.Array(model.F32, 16)}
	params := make([]model.Shape, n)
	for i := range params {
		params[i] = shapes[i%len(shapes)]
	}
	outs := make([]model.Shape, n/2)
	for i := range outs {
		outs[i] = shapes[(i+1)%3]
	}
	c := model.NewConfig(params, model.Tuple(outs...))
	for i := range params {
		_ = c.Donors.AddBufferDonor(int64(i), nil, model.Origin{})
	}
	return c
}

// BenchmarkExplain measures the remarks of one pass alone (the pass has
// run already), at n and 2n leaves: the time per op must about double.
func BenchmarkExplain(b *testing.B) {
	for _, p := range []*Pass{BufferDonationToAlias, AddMayAliases, RemoveAliases} {
		for _, n := range []int{8000, 16000} {
			before := donorConfig(n)
			after := before.Clone()
			if _, err := p.Run(after, p.Defaults()); err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("%s/%d", p.Name, n), func(b *testing.B) {
				b.ReportAllocs()
				count := 0
				for i := 0; i < b.N; i++ {
					explain(p, p.Defaults(), Of(p), before, after, func(ast.Remark) { count++ })
				}
				b.ReportMetric(float64(count)/float64(b.N), "remarks/op")
			})
		}
	}
}

// BenchmarkGrowthRemarks runs every pass through Run with a remark sink on
// growthConfig at N and 2N leaves (the worst case for matching by shape:
// half the donors left, each needing its nearest candidate) and reports
// how the time grows: 2N/N near 2 is linear.
func BenchmarkGrowthRemarks(b *testing.B) {
	bases := map[int]*model.Config{growthN: growthConfig(growthN), 2 * growthN: growthConfig(2 * growthN)}
	for _, p := range All {
		b.Run(p.Name, func(b *testing.B) {
			growthbench.Run(b, growthN, true, func(n int) func() {
				c := bases[n].Clone()
				return func() {
					count := 0
					if err := Run(c, Of(p), RunOptions{Remark: func(ast.Remark) { count++ }}); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
	}
}
