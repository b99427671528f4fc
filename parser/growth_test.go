package parser_test

import (
	"bytes"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/bench/gen"
	"github.com/mhlo-alias/mhlo-alias/bench/growthbench"
	"github.com/mhlo-alias/mhlo-alias/lower"
	"github.com/mhlo-alias/mhlo-alias/parser"
)

// signatureModule is a module of n parameters and little else, as
// bench/genmodule -size 0 writes.
func signatureModule(tb testing.TB, n int) []byte {
	tb.Helper()
	var b bytes.Buffer
	if _, err := gen.Write(&b, gen.Options{Params: n, Seed: 1, ConstBytes: 64}); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

// BenchmarkGrowthSignatureBytes is the bytes the signature front end
// (ParseFile) allocates per parameter at 30000 and 60000 parameters.
func BenchmarkGrowthSignatureBytes(b *testing.B) {
	growthbench.Bytes(b, 30000, func(n int) func() {
		src := signatureModule(b, n)
		return func() {
			if _, err := parser.ParseFile("m.mlir", src, parser.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkGrowthMLIRBytes is the same for the MLIR front end and the
// lowering to the model.
func BenchmarkGrowthMLIRBytes(b *testing.B) {
	growthbench.Bytes(b, 30000, func(n int) func() {
		src := signatureModule(b, n)
		return func() {
			f, err := parser.ParseFile("m.mlir", src, parser.Options{})
			if err != nil {
				b.Fatal(err)
			}
			if _, diags := lower.Lower(f, src, lower.Options{}); diags.HasErrors() {
				b.Fatal(diags)
			}
		}
	})
}
