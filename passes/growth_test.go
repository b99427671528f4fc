package passes

import (
	"testing"

	"github.com/mhlo-alias/mhlo-alias/bench/growthbench"
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

// BenchmarkGrowth runs every pass, and model.Verify, on growthConfig at
// N = growthN and at 2N leaves and reports how the time grows.
func BenchmarkGrowth(b *testing.B) {
	bases := map[int]*model.Config{growthN: growthConfig(growthN), 2 * growthN: growthConfig(2 * growthN)}
	for _, p := range All {
		b.Run(p.Name, func(b *testing.B) {
			growthbench.Run(b, growthN, true, func(n int) func() {
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
		growthbench.Run(b, growthN, true, func(n int) func() {
			c := bases[n]
			return func() {
				if errs := model.Verify(c); errs.HasErrors() {
					b.Fatal(errs)
				}
			}
		})
	})
}
