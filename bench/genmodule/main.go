// Command genmodule writes a large, realistic MLIR module for benchmarks
// (see package gen): genmodule -size 2g -params 400 -o big.mlir, or an HLO
// text dump: genmodule -hlo -size 200m -const 4000000 -o big.hlo
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/mhlo-alias/mhlo-alias/bench/gen"
)

func main() {
	size := flag.String("size", "200m", "approximate size: bytes, or with a k, m or g suffix")
	params := flag.Int("params", 400, "parameters of @main")
	before := flag.Float64("before", 0.75, "share of the size in functions before @main")
	out := flag.String("o", "", "output file (default stdout)")
	seed := flag.Int64("seed", 1, "random seed")
	constBytes := flag.Int("const", 64000, "largest dense constant, in bytes (small for an op-heavy module)")
	uniform := flag.String("uniform", "", "give every parameter and result this type, with no alias (e.g. tensor<64x128xf32>)")
	donors := flag.Bool("donors", false, "with -uniform: every parameter is a jax.buffer_donor")
	hloText := flag.Bool("hlo", false, "write an HLO text dump instead: large literal constants before the ENTRY computation")
	flag.Parse()
	n, err := gen.ParseSize(*size)
	if err != nil {
		fmt.Fprintln(os.Stderr, "genmodule:", err)
		os.Exit(2)
	}
	w := os.Stdout
	if *out != "" {
		if w, err = os.Create(*out); err != nil {
			fmt.Fprintln(os.Stderr, "genmodule:", err)
			os.Exit(1)
		}
	}
	b := int64(float64(n) * *before)
	if *hloText {
		_, err = gen.WriteHLO(w, gen.HLOOptions{Size: n, Params: *params, Seed: *seed, ConstBytes: *constBytes})
	} else {
		_, err = gen.Write(w, gen.Options{Before: b, After: n - b, Params: *params, Seed: *seed, ConstBytes: *constBytes, Uniform: *uniform, Donors: *donors})
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genmodule:", err)
		os.Exit(1)
	}
	if err := w.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "genmodule:", err)
		os.Exit(1)
	}
}
