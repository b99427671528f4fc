package passes

import (
	"testing"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// bigConfig is an entry computation with n parameters and n/2 outputs of
// a few shapes, every fourth parameter donated and every eighth output
// already aliased.
func bigConfig(n int) *model.Config {
	shapes := []model.Shape{model.Array(model.F32, 128, 256), model.Array(model.BF16, 64), model.Array(model.S32, 8, 8, 8)}
	params := make([]model.Shape, n)
	for i := range params {
		params[i] = shapes[i%len(shapes)]
	}
	outs := make([]model.Shape, n/2)
	for i := range outs {
		outs[i] = shapes[i%len(shapes)]
	}
	c := model.NewConfig(params, model.Tuple(outs...))
	for i := 0; i < n/2; i += 8 {
		_ = c.Aliases.SetUpAlias(model.ShapeIndex{int64(i)}, int64(i), nil, model.MayAlias, model.Origin{})
	}
	for i := 1; i < n; i += 4 {
		if !c.Aliases.ParameterHasAlias(int64(i), nil) {
			_ = c.Donors.AddBufferDonor(int64(i), nil, model.Origin{})
		}
	}
	return c
}

// BenchmarkPasses runs each pass on a config of 2000 parameters and 1000
// outputs, with verification after it.
func BenchmarkPasses(b *testing.B) {
	base := bigConfig(2000)
	for _, p := range All {
		b.Run(p.Name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				c := base.Clone()
				if err := Run(c, Of(p), RunOptions{VerifyEach: true}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
