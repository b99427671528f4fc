package hlo_test

import (
	"bytes"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/bench/gen"
	"github.com/mhlo-alias/mhlo-alias/bench/growthbench"
	"github.com/mhlo-alias/mhlo-alias/hlo"
)

// BenchmarkGrowthHLOBytes is the bytes the HLO front end and its lowering
// allocate per parameter at 30000 and 60000 parameters.
func BenchmarkGrowthHLOBytes(b *testing.B) {
	growthbench.Bytes(b, 30000, func(n int) func() {
		var buf bytes.Buffer
		if _, err := gen.WriteHLO(&buf, gen.HLOOptions{Params: n, Seed: 1}); err != nil {
			b.Fatal(err)
		}
		src := buf.Bytes()
		return func() {
			f, err := hlo.ParseFile("m.hlo", src, hlo.Options{})
			if err != nil {
				b.Fatal(err)
			}
			if _, diags := hlo.Lower(f, src); diags.HasErrors() {
				b.Fatal(diags)
			}
		}
	})
}
