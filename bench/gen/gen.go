// Package gen writes large, realistic MLIR modules for benchmarks: private
// functions full of dense hex constants and located ops before and after
// an entry function with many parameters of mixed element types, and all
// four alias and donor encodings in the signature.
package gen

import (
	"bufio"
	"fmt"
	"io"
	"math/rand"
	"strconv"
	"strings"
)

// Options size the module.
type Options struct {
	Before int64 // bytes of private functions before @main
	After  int64 // bytes of private functions after @main
	Params int   // parameters of @main
	Seed   int64
	// ConstBytes bounds the payload of each dense constant, in bytes:
	// large for a weights-heavy module, small for an op-heavy one. Zero
	// means 64000.
	ConstBytes int
	// FuncBytes is the size of each private function; zero means 8 MB.
	// Before and After are filled with as many functions as they need.
	FuncBytes int64
	// Uniform, when set, gives every parameter this type (e.g.
	// "tensor<64x128xf32>") and @main one result of the same type per
	// parameter, with no alias: the worst case for matching passes.
	Uniform string
	// Donors, with Uniform, marks every parameter jax.buffer_donor.
	Donors bool
}

var elemTypes = []string{"f32", "bf16", "f16", "i32", "i8", "ui8", "i1", "f8E4M3FN"}

// Write writes the module to w and returns the number of bytes written.
func Write(w io.Writer, o Options) (int64, error) {
	cw := &countWriter{w: bufio.NewWriterSize(w, 1<<20)}
	r := rand.New(rand.NewSource(o.Seed))
	fmt.Fprintf(cw, "#loc0 = loc(\"model.py\":1:1)\n!act = tensor<8x128xbf16>\n")
	fmt.Fprintf(cw, "module @jit_generated attributes {mhlo.num_partitions = 1 : i32, mhlo.input_output_alias = []} {\n")
	if o.ConstBytes <= 0 {
		o.ConstBytes = 64000
	}
	if o.FuncBytes <= 0 {
		o.FuncBytes = 8 << 20
	}
	writeFuncs(cw, r, "before", o.Before, o)
	if o.Uniform != "" {
		writeUniformMain(cw, o)
	} else {
		writeMain(cw, r, o.Params, o.Before > 0)
	}
	writeFuncs(cw, r, "after", o.After, o)
	fmt.Fprintf(cw, "} loc(#loc0)\n")
	fmt.Fprintf(cw, "#loc1 = loc(\"model.py\":2:3)\n{-#\n  dialect_resources: {\n    builtin: {\n      blob: \"0x0400000001020304\"\n    }\n  }\n#-}\n")
	if err := cw.w.(*bufio.Writer).Flush(); err != nil {
		return cw.n, err
	}
	return cw.n, cw.err
}

// writeMain writes @main: parameters of mixed types, every fourth aliased
// by one of the encodings, some donated; with call, it calls the first
// function before it.
func writeMain(w io.Writer, r *rand.Rand, n int, call bool) {
	var args, results, rets, retTypes []string
	for i := 0; i < n; i++ {
		typ := fmt.Sprintf("tensor<%dx%dx%s>", 1+r.Intn(64), 1+r.Intn(512), elemTypes[r.Intn(len(elemTypes))])
		attrs := fmt.Sprintf("mhlo.layout_mode = \"default\", mhlo.sharding = \"{replicated}\"")
		switch i % 8 {
		case 0:
			attrs += fmt.Sprintf(", tf.aliasing_output = %d : i32", len(results))
			results, rets, retTypes = append(results, typ+" {jax.result_info = \"[0]\"}"), append(rets, fmt.Sprintf("%%arg%d", i)), append(retTypes, typ)
		case 2:
			attrs += fmt.Sprintf(", mhlo.result_alias = #mhlo.result_alias<result_index = [%d], must_alias>", len(results))
			results, rets, retTypes = append(results, typ), append(rets, fmt.Sprintf("%%arg%d", i)), append(retTypes, typ)
		case 4:
			attrs += ", jax.buffer_donor = true"
		}
		args = append(args, fmt.Sprintf("%%arg%d: %s {%s} loc(\"param_%d\"(#loc0))", i, typ, attrs, i))
	}
	fmt.Fprintf(w, "  func.func public @main(%s) -> (%s) {\n", strings.Join(args, ", "), strings.Join(results, ", "))
	if call {
		fmt.Fprintf(w, "    %%0 = func.call @before_0() : () -> tensor<16xf32> loc(#loc1)\n")
	}
	fmt.Fprintf(w, "    return %s : %s loc(#loc1)\n  } loc(#loc0)\n", strings.Join(rets, ", "), strings.Join(retTypes, ", "))
}

// writeUniformMain writes @main with o.Params parameters and as many
// results, all of type o.Uniform.
func writeUniformMain(w io.Writer, o Options) {
	attrs := ""
	if o.Donors {
		attrs = " {jax.buffer_donor = true}"
	}
	args := make([]string, o.Params)
	results := make([]string, o.Params)
	rets := make([]string, o.Params)
	for i := range args {
		args[i] = fmt.Sprintf("%%arg%d: %s%s", i, o.Uniform, attrs)
		results[i] = o.Uniform
		rets[i] = fmt.Sprintf("%%arg%d", i)
	}
	fmt.Fprintf(w, "  func.func public @main(%s) -> (%s) {\n", strings.Join(args, ", "), strings.Join(results, ", "))
	fmt.Fprintf(w, "    return %s : %s loc(#loc1)\n  } loc(#loc0)\n", strings.Join(rets, ", "), strings.Join(results, ", "))
}

// writeFuncs writes private functions until size bytes are written.
func writeFuncs(w *countWriter, r *rand.Rand, prefix string, size int64, o Options) {
	start := w.n
	for f := 0; w.n-start < size; f++ {
		fmt.Fprintf(w, "  func.func private @%s_%d() -> tensor<16xf32> {\n", prefix, f)
		end := w.n + o.FuncBytes
		for i := 0; w.n < end && w.n-start < size; i++ {
			writeOp(w, r, i, o.ConstBytes)
		}
		fmt.Fprintf(w, "    %%r = \"stablehlo.constant\"() {value = dense<1.0> : tensor<16xf32>} : () -> tensor<16xf32>\n")
		fmt.Fprintf(w, "    return %%r : tensor<16xf32> loc(#loc1)\n  } loc(#loc0)\n")
	}
}

// hexPool is random hex text that constants take slices of.
var hexPool = func() []byte {
	r := rand.New(rand.NewSource(1))
	b := make([]byte, 1<<18)
	for i := range b {
		b[i] = "0123456789ABCDEF"[r.Intn(16)]
	}
	return b
}()

// writeOp writes one op: mostly dense hex constants, sometimes ops with
// regions, strings holding braces, and comments.
func writeOp(w io.Writer, r *rand.Rand, i, constBytes int) {
	switch i % 16 {
	case 0:
		fmt.Fprintf(w, "    // layer %d { weights }\n", i)
	case 1:
		fmt.Fprintf(w, "    %%s%d = \"stablehlo.custom_call\"() {backend_config = \"{\\\"k\\\": \\\"}\\\"}\", call_target_name = \"f\"} : () -> tensor<4xf32> loc(\"layer\"(\"model.py\":%d:7))\n", i, i)
	case 2:
		fmt.Fprintf(w, "    %%w%d = \"stablehlo.while\"() ({\n    ^bb0:\n      \"stablehlo.return\"() : () -> ()\n    }, {\n      \"stablehlo.return\"() : () -> ()\n    }) : () -> tensor<i1>\n", i)
	default:
		n := 1 + constBytes/16 + r.Intn(constBytes-constBytes/16)
		off := r.Intn(len(hexPool) - 2*n)
		fmt.Fprintf(w, "    %%c%d = \"stablehlo.constant\"() {value = dense<\"0x%s\"> : tensor<%dxi8>} : () -> tensor<%dxi8> loc(#loc1)\n", i, hexPool[off:off+2*n], n, n)
	}
}

type countWriter struct {
	w   io.Writer
	n   int64
	err error
}

func (c *countWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	c.n += int64(n)
	c.err = err
	return n, err
}

// ParseSize reads a size for the generators' -size and -const flags:
// bytes, or with a k, m or g suffix (powers of 1024), a fraction allowed
// ("1.5g").
func ParseSize(s string) (int64, error) {
	mult := int64(1)
	switch {
	case strings.HasSuffix(s, "k"):
		mult = 1 << 10
	case strings.HasSuffix(s, "m"):
		mult = 1 << 20
	case strings.HasSuffix(s, "g"):
		mult = 1 << 30
	}
	v, err := strconv.ParseFloat(strings.TrimRight(s, "kmg"), 64)
	if err != nil || v < 0 {
		return 0, fmt.Errorf("bad size %q", s)
	}
	return int64(v * float64(mult)), nil
}
