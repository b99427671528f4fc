package lower

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/bench/gen"
	"github.com/mhlo-alias/mhlo-alias/parser"
)

// BenchmarkLower lowers a parsed signature of N and 2N parameters, with
// mixed random types (nearly all distinct) and with one type for all.
func BenchmarkLower(b *testing.B) {
	for _, uniform := range []string{"", "tensor<8x128xbf16>"} {
		for _, n := range []int{8000, 16000} {
			var buf bytes.Buffer
			if _, err := gen.Write(&buf, gen.Options{Before: 4 << 10, Params: n, Seed: 1, ConstBytes: 64, Uniform: uniform}); err != nil {
				b.Fatal(err)
			}
			src := buf.Bytes()
			f, err := parser.ParseFile("m.mlir", src, parser.Options{})
			if err != nil {
				b.Fatal(err)
			}
			name := "mixed"
			if uniform != "" {
				name = "uniform"
			}
			b.Run(fmt.Sprintf("%s/params=%d", name, n), func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					if _, diags := Lower(f, src, Options{}); diags.HasErrors() {
						b.Fatal(diags)
					}
				}
			})
		}
	}
}
