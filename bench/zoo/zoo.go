// Package zoo writes the shape zoo: inputs that vary, one at a time, what
// the tool's cost could depend on. A Shape writes its input at a size n
// whose meaning its Unit names: a parameter count, the bytes of one huge
// value, the depth of a chain of type aliases, a count of donors or of
// protobuf groups. Everything else about the input stays fixed as n
// grows, so that a cost that grows faster than n is the shape's.
package zoo

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/mhlo-alias/mhlo-alias/bench/gen"
	"google.golang.org/protobuf/encoding/protowire"
)

// Units of a Shape's n.
const (
	Params = "parameters"
	Bytes  = "bytes"
	Depth  = "depth"
	Donors = "donors"
	Groups = "groups"
)

// Formats of a Shape's input.
const (
	MLIR  = "mlir"
	HLO   = "hlo"
	Proto = "pb"
)

// A Shape is one family of inputs.
type Shape struct {
	Name   string
	Unit   string // what n counts
	Format string // MLIR, HLO or Proto: the input's format and file suffix
	// Valid says the input is well formed (mlir-opt-19
	// --allow-unregistered-dialect accepts an MLIR one); a broken one has
	// a stray token in its huge value, which the tool's reader of that
	// value must report. The tool may still reject a valid input for what
	// it means (a layout that does not fit its type).
	Valid bool
	// Passes are the passes to run on it; Remarks asks for every missed
	// remark (--remarks-filter-missed='.*').
	Passes  string
	Remarks bool
	// Split says the input is many modules separated by "// -----" lines
	// (--split-input-file).
	Split bool
	// Warns says a broken input is read with a warning, not rejected: its
	// huge value is a sharding, which the tool sizes globally when it
	// does not read.
	Warns bool
	// Refused says the tool rejects the valid input by a limit it states
	// (the leaves of one argument, the bytes of a layout it reads): its
	// error is the expected outcome. Any other valid input must be read.
	Refused bool
	write   func(w *bufio.Writer, n int)
}

// Write writes the shape's input at size n to w.
func (s Shape) Write(w io.Writer, n int) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	s.write(bw, n)
	return bw.Flush()
}

// Bytes returns the shape's input at size n.
func (s Shape) Bytes(n int) []byte {
	var b strings.Builder
	s.Write(&b, n)
	return []byte(b.String())
}

// Shapes are the zoo, in a fixed order.
func Shapes() []Shape {
	const may, donate = "add-may-aliases", "buffer-donation-to-alias"
	plain := func(i int) (string, string) { return types[i%len(types)], "" }
	attrs := func(i int) (string, string) {
		return types[i%len(types)], fmt.Sprintf(` {jax.arg_info = "params['layer_%d']['w']", mhlo.sharding = "{devices=[2,1]<=[2]}", `+
			`mhlo.layout_mode = "default", jax.buffer_donor = true, my.unknown = {k = [1, 2, 3], s = "x"}} loc("params['layer_%d']['w']")`, i, i)
	}
	typed := func(t string) func(int) (string, string) { return func(int) (string, string) { return t, "" } }
	out := []Shape{
		{Name: "plain", write: sig(plain, ", ", false, nil, 0)},
		{Name: "attributes", Passes: donate, write: sig(attrs, ", ", false, nil, 0)},
		{Name: "one-per-line", Passes: donate, write: sig(attrs, ",\n    ", false, nil, 0)},
		{Name: "tuple", write: sig(typed("tuple<tensor<4xf32>, tensor<8xi32>>"), ", ", false, nil, 0)},
		{Name: "nested-tuple", write: sig(typed("tuple<tuple<tensor<4xf32>, tensor<2xf32>>, tuple<tensor<8xi32>, tuple<tensor<1xf16>>>>"), ", ", false, nil, 0)},
		{Name: "dynamic", write: sig(typed("tensor<?x8xf32>"), ", ", false, nil, 0)},
		{Name: "bounded", write: sig(typed("tensor<?x8xf32, #stablehlo.bounds<16, ?>>"), ", ", false, nil, 0)},
		{Name: "type-aliases", write: sig(func(i int) (string, string) { return fmt.Sprintf("!t%d", i%16), "" }, ", ", false, aliasDefs, 0)},
		{Name: "result-info", write: sig(plain, ", ", true, nil, 0)},
		{Name: "private-functions", write: sig(plain, ", ", false, nil, 16)},
		{Name: "split-modules", Passes: donate, Split: true, write: splitModules},
		{Name: "location-aliases", Passes: donate, write: locationAliases},
		{Name: "huge-comments", Unit: Bytes, Passes: donate, write: hugeComments},
		{Name: "huge-comment-line", Unit: Bytes, Passes: donate, write: hugeCommentLine},
		{Name: "hlo-huge-metadata", Unit: Bytes, Format: HLO, Passes: donate, write: hloHuge("metadata")},
		{Name: "hlo-huge-name", Unit: Bytes, Format: HLO, Passes: donate, write: hloHuge("name")},
		{Name: "hlo-many-attributes", Unit: Bytes, Format: HLO, Passes: donate, write: hloManyAttributes},
		{Name: "many-attributes", Unit: Bytes, Passes: donate, write: manyAttributes},
		{Name: "hlo-metadata", Format: HLO, write: hloMetadata("", "replicated")},
		{Name: "sharded", Passes: donate, write: sharded},
		{Name: "hlo-sharded", Format: HLO, Passes: donate, write: hloMetadata(", num_partitions=2", "devices=[2,1]<=[2]")},
		{Name: "unused-donors", Unit: Donors, Passes: donate, Remarks: true, write: unusedDonors},
		{Name: "alias-chain", Unit: Depth, Passes: donate, Refused: true, write: aliasChain},
		{Name: "proto-groups", Unit: Groups, Format: Proto, write: protoGroups},
		{Name: "proto-module", Unit: Bytes, Format: Proto, write: func(w *bufio.Writer, n int) { gen.WriteProto(w, int64(n), 8, 1<<16) }},
	}
	for i := range out {
		s := &out[i]
		s.Unit = cmpOr(s.Unit, Params)
		s.Format = cmpOr(s.Format, MLIR)
		s.Passes = cmpOr(s.Passes, may)
		s.Valid = true
	}
	for _, v := range values {
		for _, at := range []string{"", "start", "middle", "end"} {
			name, bad := "huge-"+v.name, -1
			if at != "" {
				name += "-broken-" + at
				bad = map[string]int{"start": 0, "middle": 1, "end": 2}[at]
			}
			format := MLIR
			if v.hlo {
				format = HLO
			}
			out = append(out, Shape{Name: name, Unit: Bytes, Format: format, Valid: bad < 0, Warns: v.warns, Refused: bad < 0 && v.refused, Passes: donate, write: huge(v, bad)})
		}
	}
	return out
}

// Find returns the shape named name.
func Find(name string) (Shape, bool) {
	for _, s := range Shapes() {
		if s.Name == name {
			return s, true
		}
	}
	return Shape{}, false
}

func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

var types = []string{"tensor<4x8xf32>", "tensor<128xbf16>", "tensor<2x3x4xi32>", "tensor<f32>", "tensor<16x16xi8>"}

func aliasDefs(w *bufio.Writer) {
	for k := range 16 {
		fmt.Fprintf(w, "!t%d = tuple<tensor<4xf32>, tensor<%dxi8>>\n", k, k+1)
	}
}

// sig writes a module whose @main has n parameters, argument i of the
// type and attributes arg gives, separated by sep; every fourth is also
// returned as a result (all of them, with jax.result_info, with
// resultInfo). defs writes type aliases before it; private functions
// are written before and after it.
func sig(arg func(i int) (typ, attrs string), sep string, resultInfo bool, defs func(*bufio.Writer), private int) func(*bufio.Writer, int) {
	return func(w *bufio.Writer, n int) {
		if defs != nil {
			defs(w)
		}
		writePrivate(w, "before", private)
		w.WriteString("func.func public @main(")
		var rtypes []string
		for i := range n {
			if i > 0 {
				w.WriteString(sep)
			}
			typ, attrs := arg(i)
			fmt.Fprintf(w, "%%arg%d: %s%s", i, typ, attrs)
			if resultInfo || i%4 == 0 {
				rtypes = append(rtypes, typ)
			}
		}
		w.WriteString(") -> (")
		for k, t := range rtypes {
			if k > 0 {
				w.WriteString(", ")
			}
			w.WriteString(t)
			if resultInfo {
				fmt.Fprintf(w, ` {jax.result_info = "[%d]['out']"}`, k)
			}
		}
		w.WriteString(") {\n  return")
		step := 4
		if resultInfo {
			step = 1
		}
		for k := range rtypes {
			if k > 0 {
				w.WriteString(",")
			}
			fmt.Fprintf(w, " %%arg%d", k*step)
		}
		if len(rtypes) > 0 {
			w.WriteString(" : " + strings.Join(rtypes, ", "))
		}
		w.WriteString("\n}\n")
		writePrivate(w, "after", private)
	}
}

// writePrivate writes k small private functions.
func writePrivate(w *bufio.Writer, prefix string, k int) {
	for f := range k {
		fmt.Fprintf(w, "func.func private @%s_%d(%%a: tensor<4xf32>) -> tensor<4xf32> {\n", prefix, f)
		fmt.Fprintf(w, "  %%0 = \"stablehlo.add\"(%%a, %%a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc(\"layer_%d\"(\"model.py\":%d:3))\n", f, f)
		w.WriteString("  return %0 : tensor<4xf32>\n}\n")
	}
}

// unusedDonors writes n donors on one line that no output can take.
func unusedDonors(w *bufio.Writer, n int) {
	w.WriteString("func.func public @main(")
	for i := range n {
		if i > 0 {
			w.WriteString(", ")
		}
		fmt.Fprintf(w, "%%arg%d: tensor<4x8xf32> {jax.buffer_donor = true}", i)
	}
	w.WriteString(") -> tensor<2xi8> {\n  %0 = \"test.op\"() : () -> tensor<2xi8>\n  return %0 : tensor<2xi8>\n}\n")
}

// aliasChain writes !t0 = tensor<4xf32> and !tK = tuple<!tK-1, !tK-1> to
// K = n: !tn has 2^n leaves in 40n bytes. One donor of type !tn.
func aliasChain(w *bufio.Writer, n int) {
	w.WriteString("!t0 = tensor<4xf32>\n")
	for k := 1; k <= n; k++ {
		fmt.Fprintf(w, "!t%d = tuple<!t%d, !t%d>\n", k, k-1, k-1)
	}
	fmt.Fprintf(w, "func.func public @main(%%arg0: !t%d {jax.buffer_donor = true}, %%arg1: tensor<4xf32>) -> tensor<4xf32> {\n", n)
	w.WriteString("  return %arg1 : tensor<4xf32>\n}\n")
}

// sharded writes a module on four partitions whose n arguments are
// sharded, in turn, by mhlo.sharding, by sdy.sharding over a mesh, by a
// tuple mhlo.sharding (a tuple argument, which cannot be a buffer donor),
// and not at all; the others are donated, and every fourth is also a
// result, sharded.
func sharded(w *bufio.Writer, n int) {
	w.WriteString("module @jit_train_step attributes {mhlo.num_partitions = 4 : i32} {\n")
	w.WriteString(`  "sdy.mesh"() <{mesh = #sdy.mesh<["x"=2, "y"=2]>, sym_name = "mesh"}> : () -> ()` + "\n")
	w.WriteString("  func.func public @main(")
	shardings := []string{`mhlo.sharding = "{devices=[2,2]<=[4]}"`, `sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>`,
		`mhlo.sharding = "{{devices=[4,1]<=[4]}, {replicated}}"`, `mhlo.layout_mode = "default"`}
	typ := func(i int) string {
		if i%4 == 2 {
			return "tuple<tensor<8x16xf32>, tensor<4xi32>>"
		}
		return "tensor<8x16xf32>"
	}
	var results []string
	for i := range n {
		if i > 0 {
			w.WriteString(", ")
		}
		donor := "jax.buffer_donor = true, "
		if i%4 == 2 {
			donor = ""
		}
		fmt.Fprintf(w, "%%arg%d: %s {%s%s}", i, typ(i), donor, shardings[i%4])
		if i%4 == 0 {
			results = append(results, typ(i)+` {mhlo.sharding = "{devices=[4,1]<=[4]}"}`)
		}
	}
	fmt.Fprintf(w, ") -> (%s) {\n    %%0 = \"test.op\"() : () -> tensor<8x16xf32>\n    return", strings.Join(results, ", "))
	for k := range results {
		if k > 0 {
			w.WriteString(",")
		}
		w.WriteString(" %0")
	}
	w.WriteString(" : " + strings.TrimSuffix(strings.Repeat("tensor<8x16xf32>, ", len(results)), ", ") + "\n  }\n}\n")
}

// hloMetadata writes an HLO text module with n parameters, each with long
// metadata, as XLA dumps print them, and the sharding sharding; every
// fourth aliased with an output, every eighth of the others a donor. The
// header ends with header.
func hloMetadata(header, sharding string) func(w *bufio.Writer, n int) {
	return func(w *bufio.Writer, n int) { writeHLOMetadata(w, n, header, sharding) }
}

func writeHLOMetadata(w *bufio.Writer, n int, header, sharding string) {
	const sh = "f32[4,8]{1,0}"
	var aliases, donors, layout, outs, names []string
	for i := range n {
		layout = append(layout, sh)
		switch i % 8 {
		case 0, 4:
			aliases = append(aliases, fmt.Sprintf("{%d}: (%d, {}, may-alias)", len(outs), i))
			outs = append(outs, sh)
			names = append(names, fmt.Sprintf("%%Arg_%d.%d", i, i+1))
		case 2:
			donors = append(donors, fmt.Sprintf("(%d, {})", i))
		}
	}
	fmt.Fprintf(w, "HloModule jit_train_step, is_scheduled=true, input_output_alias={ %s }, buffer_donor={ %s }, entry_computation_layout={(%s)->(%s)}%s\n\n",
		strings.Join(aliases, ", "), strings.Join(donors, ", "), strings.Join(layout, ", "), strings.Join(outs, ", "), header)
	fmt.Fprintf(w, "ENTRY %%main.%d (", n+2)
	for i := range n {
		if i > 0 {
			w.WriteString(", ")
		}
		fmt.Fprintf(w, "Arg_%d.%d: f32[4,8]", i, i+1)
	}
	fmt.Fprintf(w, ") -> (%s) {\n", strings.Repeat("f32[4,8], ", len(outs)-1)+"f32[4,8]")
	long := strings.Repeat("jit(train_step)/jit(main)/transpose(jvp(model))/layer/", 4)
	for i := range n {
		fmt.Fprintf(w, "  %%Arg_%d.%d = %s parameter(%d), sharding={%s}, metadata={op_name=\"%sargs[%d]\" source_file=\"/home/user/src/project/model/training/train_step.py\" source_line=%d}\n",
			i, i+1, sh, i, sharding, long, i, 100+i)
	}
	fmt.Fprintf(w, "  ROOT %%tuple.%d = (%s) tuple(%s)\n}\n", n+1, strings.Join(outs, ", "), strings.Join(names, ", "))
}

// protoGroups writes a small valid HloModuleProto followed by n empty
// groups of unknown fields (4 bytes each), the first half at the top
// level, the second inside one unknown group, with an unknown bytes and
// varint field after every 1024th.
func protoGroups(w *bufio.Writer, n int) {
	gen.WriteProto(w, 0, 4, 16)
	var b []byte
	for i := range n {
		if i == n/2 {
			b = protowire.AppendTag(b, 999, protowire.StartGroupType)
		}
		b = protowire.AppendTag(b, 1000, protowire.StartGroupType)
		b = protowire.AppendTag(b, 1000, protowire.EndGroupType)
		if i%1024 == 0 {
			b = protowire.AppendTag(b, 1001, protowire.BytesType)
			b = protowire.AppendString(b, "unknown")
			b = protowire.AppendTag(b, 1002, protowire.VarintType)
			b = protowire.AppendVarint(b, uint64(i))
		}
		if len(b) > 1<<16 {
			w.Write(b)
			b = b[:0]
		}
	}
	if n > 0 {
		b = protowire.AppendTag(b, 999, protowire.EndGroupType)
	}
	w.Write(b)
}

// A value is one kind of huge value: its element repeated, the text
// before the first and after the last, in the module that holds it.
type value struct {
	name    string
	hlo     bool
	warns   bool // broken, it is a warning (Shape.Warns)
	refused bool // valid, the tool refuses it (Shape.Refused)
	// elems writes the value's body of about n bytes and returns its
	// element count; with bad >= 0 a stray token breaks it at the start
	// (0), the middle (1) or the end (2).
	elems func(w *bufio.Writer, n, bad int) int
	// wrap writes the module around the body; body writes it.
	wrap func(w *bufio.Writer, n, bad int, body func() int)
}

// repeat writes elem, sep-separated, until about n bytes, with the stray
// token at bad; it returns the count.
func repeat(w *bufio.Writer, n, bad int, sep string, elem func(i int) string, stray string) int {
	count := 0
	for written, i := 0, 0; written < n || i == 0; i++ {
		if i > 0 {
			w.WriteString(sep)
		}
		e := elem(i)
		w.WriteString(e)
		written += len(e) + len(sep)
		count++
		switch {
		case bad == 0 && i == 0, bad == 1 && written >= n/2 && written-len(e)-len(sep) < n/2:
			w.WriteString(stray)
		}
	}
	if bad == 2 {
		w.WriteString(stray)
	}
	return count
}

const stray = " %% "

// mlirArg writes @main with the value in %arg0's attributes as
// key = BEFORE body AFTER.
func mlirArg(before, after string) func(w *bufio.Writer, n, bad int, body func() int) {
	return func(w *bufio.Writer, n, bad int, body func() int) {
		w.WriteString("func.func public @main(%arg0: tensor<4x8xf32> {jax.buffer_donor = true, " + before)
		body()
		w.WriteString(after + "}, %arg1: tensor<4x8xf32>) -> tensor<4x8xf32> {\n  return %arg1 : tensor<4x8xf32>\n}\n")
	}
}

var values = []value{
	{name: "array", wrap: mlirArg("zoo.array = [", "]"),
		elems: func(w *bufio.Writer, n, bad int) int {
			return repeat(w, n, bad, ", ", func(int) string { return "1" }, stray)
		}},
	{name: "location", wrap: func(w *bufio.Writer, n, bad int, body func() int) {
		w.WriteString(`func.func public @main(%arg0: tensor<4x8xf32> {jax.buffer_donor = true} loc("`)
		body()
		w.WriteString(`"), %arg1: tensor<4x8xf32>) -> tensor<4x8xf32> {` + "\n  return %arg1 : tensor<4x8xf32>\n}\n")
	}, elems: func(w *bufio.Writer, n, bad int) int {
		return repeat(w, n, bad, "", func(int) string { return "params['layer'] " }, `\z`)
	}},
	{name: "module-attribute", wrap: func(w *bufio.Writer, n, bad int, body func() int) {
		w.WriteString("module attributes {zoo.big = [")
		body()
		w.WriteString("]} {\n  func.func public @main(%arg0: tensor<4x8xf32> {jax.buffer_donor = true}) -> tensor<4x8xf32> {\n    return %arg0 : tensor<4x8xf32>\n  }\n}\n")
	}, elems: func(w *bufio.Writer, n, bad int) int {
		return repeat(w, n, bad, ", ", func(int) string { return "1" }, stray)
	}},
	{name: "dense", wrap: func(w *bufio.Writer, n, bad int, body func() int) {
		// The element count goes in the type after the body: the body is
		// written to a buffer first.
		w.WriteString("func.func public @main(%arg0: tensor<4x8xf32> {jax.buffer_donor = true, zoo.dense = dense<[")
		k := body()
		fmt.Fprintf(w, "]> : tensor<%dxf32>}, %%arg1: tensor<4x8xf32>) -> tensor<4x8xf32> {\n  return %%arg1 : tensor<4x8xf32>\n}\n", k)
	}, elems: func(w *bufio.Writer, n, bad int) int {
		return repeat(w, n, bad, ", ", func(int) string { return "1.5" }, stray)
	}},
	{name: "string", wrap: mlirArg(`zoo.string = "`, `"`),
		elems: func(w *bufio.Writer, n, bad int) int {
			return repeat(w, n, bad, "", func(int) string { return "params['layer'] " }, `\z`)
		}},
	{name: "dictionary", wrap: mlirArg("zoo.dict = {", "}"),
		elems: func(w *bufio.Writer, n, bad int) int {
			return repeat(w, n, bad, ", ", func(i int) string {
				return fmt.Sprintf("k%d = {a = %d, b = {c = \"v\", d = [1, 2]}}", i, i)
			}, stray)
		}},
	{name: "type-encoding", wrap: func(w *bufio.Writer, n, bad int, body func() int) {
		w.WriteString(`func.func public @main(%arg0: tensor<4x8xf32, #zoo.enc<"`)
		body()
		w.WriteString(`">>, %arg1: tensor<4x8xf32> {jax.buffer_donor = true}) -> tensor<4x8xf32> {` + "\n  return %arg1 : tensor<4x8xf32>\n}\n")
	}, elems: func(w *bufio.Writer, n, bad int) int {
		return repeat(w, n, bad, "", func(int) string { return "params['layer'] " }, `\z`)
	}},
	{name: "layout-mode", refused: true, wrap: mlirArg(`mhlo.layout_mode = "{`, `}"`),
		elems: func(w *bufio.Writer, n, bad int) int {
			return repeat(w, n, bad, ",", func(int) string { return "1" }, stray)
		}},
	{name: "hlo-shape", hlo: true, wrap: func(w *bufio.Writer, n, bad int, body func() int) {
		w.WriteString("HloModule zoo, buffer_donor={ (1, {}) }, entry_computation_layout={(f32[")
		body()
		w.WriteString("], f32[4]{0})->f32[4]{0}}\n\n")
		// The entry's parameter 0 has the layout's shape, written whole.
		var dims strings.Builder
		dw := bufio.NewWriter(&dims)
		repeat(dw, n, -1, ",", func(int) string { return "1" }, stray)
		dw.Flush()
		d := dims.String()
		fmt.Fprintf(w, "ENTRY %%main.4 (Arg_0.1: f32[%s], Arg_1.2: f32[4]) -> f32[4] {\n  %%Arg_0.1 = f32[%s] parameter(0)\n", d, d)
		w.WriteString("  %Arg_1.2 = f32[4]{0} parameter(1)\n  ROOT %copy.3 = f32[4]{0} copy(f32[4]{0} %Arg_1.2)\n}\n")
	}, elems: func(w *bufio.Writer, n, bad int) int {
		return repeat(w, n, bad, ",", func(int) string { return "1" }, stray)
	}},
	{name: "sharding", wrap: func(w *bufio.Writer, n, bad int, body func() int) {
		mlirArg(fmt.Sprintf(`mhlo.sharding = "{devices=[%d,1]`, deviceCount(n)), `}"`)(w, n, bad, body)
	}, elems: deviceList("\\z")},
	{name: "sharding-metadata", wrap: mlirArg(`mhlo.sharding = "{devices=[2,1]<=[2] metadata={op_name=\22`, `\22}}"`),
		elems: func(w *bufio.Writer, n, bad int) int {
			return repeat(w, n, bad, "", func(int) string { return "params['layer'] " }, `\z`)
		}},
	{name: "hlo-sharding", hlo: true, warns: true, wrap: func(w *bufio.Writer, n, bad int, body func() int) {
		w.WriteString("HloModule zoo, buffer_donor={ (1, {}) }, num_partitions=2\n\n")
		fmt.Fprintf(w, "ENTRY %%main.4 {\n  %%Arg_0.1 = f32[4,8]{1,0} parameter(0), sharding={devices=[%d,1]", deviceCount(n))
		body()
		w.WriteString("}\n  %Arg_1.2 = f32[4]{0} parameter(1)\n  ROOT %copy.3 = f32[4]{0} copy(f32[4]{0} %Arg_1.2)\n}\n")
	}, elems: deviceList(stray)},
	{name: "donor-list", hlo: true, wrap: func(w *bufio.Writer, n, bad int, body func() int) {
		w.WriteString("HloModule zoo, buffer_donor={ ")
		body()
		w.WriteString(" }, entry_computation_layout={(f32[1]{0}, f32[4]{0})->f32[4]{0}}\n\n")
		hloEntry(w)
	}, elems: func(w *bufio.Writer, n, bad int) int {
		return repeat(w, n, bad, ", ", func(int) string { return "(0, {})" }, stray)
	}},
}

// deviceList writes an explicit device list of about n bytes, ids of
// seven digits, deviceCount(n) of them, with the stray token strayTok
// at bad.
func deviceList(strayTok string) func(w *bufio.Writer, n, bad int) int {
	return func(w *bufio.Writer, n, bad int) int {
		return repeat(w, n, bad, ",", func(i int) string { return fmt.Sprintf("%07d", i) }, strayTok)
	}
}

// deviceCount is the length of deviceList's list of about n bytes.
func deviceCount(n int) int { return max(1, (n+7)/8) }

func hloEntry(w *bufio.Writer) {
	w.WriteString("ENTRY %main.4 (Arg_0.1: f32[1], Arg_1.2: f32[4]) -> f32[4] {\n  %Arg_0.1 = f32[1]{0} parameter(0)\n")
	w.WriteString("  %Arg_1.2 = f32[4]{0} parameter(1)\n  ROOT %copy.3 = f32[4]{0} copy(f32[4]{0} %Arg_1.2)\n}\n")
}

// huge writes value v of about n bytes, broken at bad (or valid, -1).
func huge(v value, bad int) func(*bufio.Writer, int) {
	return func(w *bufio.Writer, n int) {
		if v.name != "dense" {
			v.wrap(w, n, bad, func() int { return v.elems(w, n, bad) })
			return
		}
		// dense needs its count after the body: write the body to a
		// second buffer of its own.
		var body strings.Builder
		bw := bufio.NewWriter(&body)
		k := v.elems(bw, n, bad)
		bw.Flush()
		v.wrap(w, n, bad, func() int { w.WriteString(body.String()); return k })
	}
}

// splitModules writes n modules of one donated parameter each, separated
// by "// -----" lines: what each module costs, and nothing of it kept
// beyond its result.
func splitModules(w *bufio.Writer, n int) {
	for i := range n {
		if i > 0 {
			w.WriteString("// -----\n")
		}
		fmt.Fprintf(w, "func.func @main(%%arg0: %s {jax.buffer_donor = true}) -> %s {\n  return %%arg0 : %s\n}\n", types[i%len(types)], types[i%len(types)], types[i%len(types)])
	}
}

// locationAliases writes n location aliases, as a JAX export defines one
// for each operation, and a signature of four arguments that uses four of
// them: the others are never read.
func locationAliases(w *bufio.Writer, n int) {
	w.WriteString("func.func public @main(")
	for i := range 4 {
		if i > 0 {
			w.WriteString(", ")
		}
		fmt.Fprintf(w, "%%arg%d: tensor<4x8xf32> {jax.buffer_donor = true} loc(#loc%d)", i, i%n)
	}
	w.WriteString(") -> tensor<4x8xf32> {\n  return %arg1 : tensor<4x8xf32>\n}\n")
	for i := range n {
		fmt.Fprintf(w, "#loc%d = loc(\"jit(train_step)/jvp(model)/dense_%d/dot_general\"(\"model.py\":%d:%d))\n", i, i, i+1, i%80+1)
	}
}

// hugeComments writes about n bytes of comment lines before a module.
// hugeCommentLine writes a signature with a comment line of n bytes
// between its argument and its ')'.
func hugeCommentLine(w *bufio.Writer, n int) {
	w.WriteString("func.func public @main(%arg0: tensor<4x8xf32> {jax.buffer_donor = true}\n// ")
	for k := 0; k < n; k += 16 {
		w.WriteString("params['layer']_")
	}
	w.WriteString("\n) -> tensor<4x8xf32> {\n  return %arg0 : tensor<4x8xf32>\n}\n")
}

// hloHuge writes HLO text whose parameter 0 has, of n bytes, its
// metadata's op_name or its name.
func hloHuge(what string) func(w *bufio.Writer, n int) {
	return func(w *bufio.Writer, n int) {
		long := strings.Repeat("layer_", n/6)
		name, meta := "Arg_0.1", ""
		if what == "name" {
			name = long
		} else {
			meta = `, metadata={op_name="` + long + `"}`
		}
		w.WriteString("HloModule zoo, buffer_donor={ (0, {}) }\n\n")
		fmt.Fprintf(w, "ENTRY %%main.4 (%s: f32[4]) -> f32[4] {\n  %%%s = f32[4]{0} parameter(0)%s\n  ROOT %%copy.3 = f32[4]{0} copy(f32[4]{0} %%%s)\n}\n", name, name, meta, name)
	}
}

// hloManyAttributes writes HLO text whose header has N bytes of
// attributes the tool does not read.
func hloManyAttributes(w *bufio.Writer, n int) {
	w.WriteString("HloModule zoo, buffer_donor={ (0, {}) }")
	attributes(w, n, ", zoo_%d=%d")
	w.WriteString("\n\nENTRY %main.4 (Arg_0.1: f32[4]) -> f32[4] {\n  %Arg_0.1 = f32[4]{0} parameter(0)\n  ROOT %copy.3 = f32[4]{0} copy(f32[4]{0} %Arg_0.1)\n}\n")
}

// manyAttributes writes a signature whose argument has N bytes of
// attributes the tool does not read.
func manyAttributes(w *bufio.Writer, n int) {
	w.WriteString("func.func public @main(%arg0: tensor<4x8xf32> {jax.buffer_donor = true")
	attributes(w, n, ", zoo.a%d = %d")
	w.WriteString("}) -> tensor<4x8xf32> {\n  return %arg0 : tensor<4x8xf32>\n}\n")
}

// attributes writes n bytes, at least, of attributes in format, which
// takes the attribute's number twice.
func attributes(w *bufio.Writer, n int, format string) {
	for i, k := 0, 0; k < n; i++ {
		m, _ := fmt.Fprintf(w, format, i, i)
		k += m
	}
}

func hugeComments(w *bufio.Writer, n int) {
	line := "// " + strings.Repeat("c", 97) + "\n"
	for k := 0; k < n; k += len(line) {
		w.WriteString(line)
	}
	w.WriteString("func.func public @main(%arg0: tensor<4x8xf32> {jax.buffer_donor = true}) -> tensor<4x8xf32> {\n  return %arg0 : tensor<4x8xf32>\n}\n")
}
