// Command genproto writes a large xla.HloModuleProto for benchmarks, as
// XLA serializes one: the entry computation holds parameters, large f32
// literal constants (most of the size) and a tuple root, followed by the
// module's host_program_shape, an input_output_alias table over half the
// parameters and buffer_donor entries for the other half.
//
//	genproto -size 1g -params 8 -o big.hlo_module.pb
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"

	"github.com/mhlo-alias/mhlo-alias/bench/gen"
)

func main() {
	size := flag.String("size", "1g", "approximate size: bytes, or with a k, m or g suffix")
	params := flag.Int("params", 8, "parameters of the entry computation (even: half aliased, half donated)")
	constBytes := flag.String("const", "4m", "bytes of f32 data in each literal constant")
	out := flag.String("o", "", "output file (default stdout)")
	flag.Parse()
	n, err := gen.ParseSize(*size)
	if err == nil {
		var c int64
		if c, err = gen.ParseSize(*constBytes); err == nil {
			err = write(*out, n, *params, int(c/4))
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genproto:", err)
		os.Exit(1)
	}
}

func write(path string, size int64, params, elems int) error {
	f := os.Stdout
	if path != "" {
		var err error
		if f, err = os.Create(path); err != nil {
			return err
		}
	}
	w := bufio.NewWriterSize(f, 1<<20)
	if err := gen.WriteProto(w, size, params, elems); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Close()
}
