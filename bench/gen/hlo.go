package gen

import (
	"bufio"
	"fmt"
	"io"
	"math/rand"
	"strings"
)

// HLOOptions size an HLO text module.
type HLOOptions struct {
	Size   int64 // bytes of computations before the ENTRY computation
	Params int   // parameters of the entry computation
	Seed   int64
	// ConstBytes bounds the text of each literal constant, in bytes; zero
	// means 4 MB (a weight tensor printed inline, as XLA dumps print them).
	ConstBytes int
}

var hloElemTypes = []string{"f32", "bf16", "f16", "s32", "s8", "u8", "pred"}

// WriteHLO writes an HLO module as XLA's dumps print it: a header with
// aliases, donors and the entry computation layout; computations holding
// large literal constants (1-D on one line, 2-D row by row in nested
// braces), fusions with metadata, and an ENTRY computation with o.Params
// parameters after them. It returns the number of bytes written.
func WriteHLO(w io.Writer, o HLOOptions) (int64, error) {
	cw := &countWriter{w: bufio.NewWriterSize(w, 1<<20)}
	r := rand.New(rand.NewSource(o.Seed))
	if o.ConstBytes <= 0 {
		o.ConstBytes = 4 << 20
	}
	if o.Params <= 0 {
		o.Params = 1
	}
	params := make([]string, o.Params)
	for i := range params {
		params[i] = hloShape(r)
	}
	writeHLOHeader(cw, params)
	for k := 0; cw.n < o.Size; k++ {
		writeHLOComputation(cw, r, k, o)
	}
	writeHLOEntry(cw, params)
	if err := cw.w.(*bufio.Writer).Flush(); err != nil {
		return cw.n, err
	}
	return cw.n, cw.err
}

// hloShape is a random array shape with a layout, tiled now and then.
func hloShape(r *rand.Rand) string {
	elem := hloElemTypes[r.Intn(len(hloElemTypes))]
	d0, d1 := 1+r.Intn(64), 8*(1+r.Intn(64))
	if r.Intn(4) == 0 {
		return fmt.Sprintf("%s[%d,%d]{1,0:T(8,128)}", elem, d0, d1)
	}
	return fmt.Sprintf("%s[%d,%d]{1,0}", elem, d0, d1)
}

// writeHLOHeader writes the header: every fourth parameter is aliased
// with an output, every eighth (of the others) is a donor.
func writeHLOHeader(w io.Writer, params []string) {
	var aliases, donors, results []string
	for i, p := range params {
		switch i % 8 {
		case 0, 4:
			aliases = append(aliases, fmt.Sprintf("{%d}: (%d, {}, may-alias)", len(results), i))
			results = append(results, p)
		case 2:
			donors = append(donors, fmt.Sprintf("(%d, {})", i))
		}
	}
	fmt.Fprintf(w, "HloModule jit_generated, is_scheduled=true")
	if len(aliases) > 0 {
		fmt.Fprintf(w, ", input_output_alias={ %s }", strings.Join(aliases, ", "))
	}
	if len(donors) > 0 {
		fmt.Fprintf(w, ", buffer_donor={ %s }", strings.Join(donors, ", "))
	}
	fmt.Fprintf(w, ", entry_computation_layout={(%s)->(%s)}, frontend_attributes={fingerprint_before_lhs=\"0\"}\n\n",
		joinIndexed(params), joinIndexed(results))
}

// joinIndexed joins shapes as newer printers do: ", " with /*index=N*/
// before every fifth.
func joinIndexed(shapes []string) string {
	var b strings.Builder
	for i, s := range shapes {
		if i > 0 {
			b.WriteString(", ")
			if i%5 == 0 {
				fmt.Fprintf(&b, "/*index=%d*/", i)
			}
		}
		b.WriteString(s)
	}
	return b.String()
}

// floatPool is the text of random literal values, which constants take
// slices of.
var floatPool = func() string {
	r := rand.New(rand.NewSource(1))
	var b strings.Builder
	for b.Len() < 1<<20 {
		fmt.Fprintf(&b, "%.6g, ", r.NormFloat64())
	}
	return b.String()
}()

// values returns about n bytes of comma-separated literal values, and
// how many there are.
func values(r *rand.Rand, n int) (string, int) {
	var w strings.Builder
	count := 0
	for n > 0 {
		start := r.Intn(len(floatPool) / 2)
		start += strings.IndexByte(floatPool[start:], ' ') + 1
		end := min(start+n, len(floatPool)-1)
		end = start + strings.LastIndex(floatPool[start:end], ",")
		if end <= start {
			end = start + strings.IndexByte(floatPool[start:], ',')
		}
		if count > 0 {
			w.WriteString(", ")
		}
		w.WriteString(floatPool[start:end])
		count += strings.Count(floatPool[start:end], ",") + 1
		n -= end - start + 2
	}
	return w.String(), count
}

// writeHLOComputation writes computation k: a 1-D weight constant, a 2-D
// one, or a small fusion.
func writeHLOComputation(w io.Writer, r *rand.Rand, k int, o HLOOptions) {
	switch k % 3 {
	case 0:
		text, n := values(r, o.ConstBytes)
		fmt.Fprintf(w, "%%weights.%d () -> f32[] {\n  %%constant.%d = f32[%d]{0} constant({%s", k, k, n, text)
		fmt.Fprintf(w, "}), metadata={op_name=\"params['layer_%d']/kernel\"}\n  ROOT %%zero.%d = f32[] constant(0)\n}\n\n", k, k)
	case 1:
		rows, cols := 1+o.ConstBytes/4096, 512
		fmt.Fprintf(w, "%%table.%d () -> f32[] {\n  %%constant.%d = f32[%d,%d]{1,0} constant({ ", k, k, rows, cols)
		row := strings.TrimSuffix(strings.Repeat("0.5, ", cols), ", ")
		for i := 0; i < rows; i++ {
			if i > 0 {
				io.WriteString(w, ", ")
			}
			io.WriteString(w, "{"+row+"}")
		}
		fmt.Fprintf(w, " })\n  ROOT %%zero.%d = f32[] constant(0)\n}\n\n", k)
	default:
		fmt.Fprintf(w, "%%fused_computation.%d (param_0.%d: f32[64,128], param_1.%d: f32[128]) -> f32[64,128] {\n", k, k, k)
		fmt.Fprintf(w, "  %%param_0.%d = f32[64,128]{1,0} parameter(0)\n  %%param_1.%d = f32[128]{0} parameter(1)\n", k, k)
		fmt.Fprintf(w, "  %%broadcast.%d = f32[64,128]{1,0} broadcast(f32[128]{0} %%param_1.%d), dimensions={1}, metadata={op_name=\"jit(f)/add\" source_file=\"/src/model.py\" source_line=%d}\n", k, k, k)
		fmt.Fprintf(w, "  ROOT %%add.%d = f32[64,128]{1,0} add(f32[64,128]{1,0} %%param_0.%d, f32[64,128]{1,0} %%broadcast.%d), backend_config={\"outer_dimension_partitions\":[],\"note\":\"}\"}\n}\n\n", k, k, k)
	}
}

// writeHLOEntry writes the ENTRY computation: its parameters, a small
// inline constant, and a ROOT tuple of the aliased parameters.
func writeHLOEntry(w io.Writer, params []string) {
	var sig, results, names []string
	for i, p := range params {
		sig = append(sig, fmt.Sprintf("Arg_%d.%d: %s", i, i+1, p[:strings.IndexByte(p, '{')]))
	}
	var resultPlain []string
	for i, p := range params {
		if i%8 == 0 || i%8 == 4 {
			results = append(results, p)
			resultPlain = append(resultPlain, p[:strings.IndexByte(p, '{')])
			names = append(names, fmt.Sprintf("%%Arg_%d.%d", i, i+1))
		}
	}
	fmt.Fprintf(w, "ENTRY %%main.%d (%s) -> (%s) {\n", len(params)+2, strings.Join(sig, ", "), joinIndexed(resultPlain))
	for i, p := range params {
		fmt.Fprintf(w, "  %%Arg_%d.%d = %s parameter(%d), sharding={replicated}, metadata={op_name=\"args[%d]\"}\n", i, i+1, p, i, i)
	}
	fmt.Fprintf(w, "  %%constant.0 = s32[8]{0} constant({0, 1, 2, 3, 4, 5, 6, 7})\n")
	fmt.Fprintf(w, "  ROOT %%tuple.1 = (%s) tuple(%s)\n}\n\n", joinIndexed(results), strings.Join(names, ", "))
}
