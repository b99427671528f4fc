package lower

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/parser"
)

// TestArgumentNames reads the name of an argument from each source, in
// each form of location, and checks the precedence.
func TestArgumentNames(t *testing.T) {
	defs := "#loc1 = loc(\"x\")\n" +
		"#loc2 = loc(\"<string>\":10:6 to :21)\n" +
		"#loc3 = loc(\"modify\"(#loc2))\n" +
		"#loc4 = loc(callsite(#loc3 at #loc2))\n" +
		"#loc5 = loc(fused<\"meta\">[#loc2, unknown, \"b\"])\n" +
		"#loc6 = loc(#loc7)\n" +
		"#loc7 = loc(#loc6)\n" +
		"#loc8 = loc(unknown)\n"
	for _, tt := range []struct{ arg, want string }{
		{`%a: tensor<4xf32> loc("params['w']")`, `params['w']`},
		{`%a: tensor<4xf32> loc(#loc1)`, `x`},
		{`%a: tensor<4xf32> loc(#loc3)`, `modify`},
		{`%a: tensor<4xf32> loc(#loc4)`, `modify`},
		{`%a: tensor<4xf32> loc(callsite("f.py":1:2 at "caller"))`, `caller`},
		{`%a: tensor<4xf32> loc(#loc5)`, `b`},
		{`%a: tensor<4xf32> loc(fused["a", "b"])`, `a`},
		{`%a: tensor<4xf32> loc("n"("f.py":3:1))`, `n`},
		{`%a: tensor<4xf32> loc("[\22out\22]\0A")`, "[\"out\"]\n"},
		{`%a: tensor<4xf32> loc(#loc2)`, ``},       // a file location
		{`%a: tensor<4xf32> loc(#loc6)`, ``},       // a reference to itself
		{`%a: tensor<4xf32> loc(#loc8)`, ``},       // unknown
		{`%a: tensor<4xf32> loc(#nowhere)`, ``},    // undefined
		{`%a: tensor<4xf32> loc("")`, ``},          // empty
		{`%a: tensor<4xf32> loc(opaque<"x">)`, ``}, // not read
		{`%a: tensor<4xf32> {jax.arg_info = "info"} loc("loc")`, `info`},
		{`%a: tensor<4xf32> {jax.arg_info = ""} loc("loc")`, `loc`},
		{`%a: tensor<4xf32> {mhlo.frontend_attributes = {neff_input_names = "input3"}} loc("loc")`, `input3`},
		{`%a: tensor<4xf32> {jax.arg_info = "info", mhlo.frontend_attributes = {neff_input_names = "input3"}}`, `info`},
		{`%a: tensor<4xf32> {mhlo.frontend_attributes = {other = "x"}} loc("loc")`, `loc`},
		{`%a: tensor<4xf32>`, ``},
	} {
		src := defs + fn(tt.arg, "tensor<4xf32>")
		cfg, diags := lowerText(t, src, Options{})
		if diags.HasErrors() {
			t.Fatalf("%s: %v", tt.arg, diags)
		}
		if got := cfg.ParamName(0, nil).String(); got != tt.want {
			t.Errorf("%s: name %q, want %q", tt.arg, got, tt.want)
		}
	}
}

// TestLocationNesting checks that a location nested too deep, or written
// badly, names nothing rather than failing, and that a long chain of
// references is followed.
func TestLocationNesting(t *testing.T) {
	deep := strings.Repeat("fused[", 100) + `"a"` + strings.Repeat("]", 100)
	var chain strings.Builder
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&chain, "#l%d = loc(#l%d)\n", i, i+1)
	}
	chain.WriteString("#l40 = loc(\"end\")\n")
	for _, tt := range []struct{ defs, loc, want string }{
		{"", deep, ""},
		{"", `fused["a"`, ""},
		{chain.String(), "#l0", "end"},
	} {
		src := tt.defs + fn("%a: tensor<4xf32> loc("+tt.loc+")", "tensor<4xf32>")
		cfg, diags := lowerText(t, src, Options{})
		if diags.HasErrors() {
			continue // the parser may refuse it: no name either way
		}
		if got := cfg.ParamName(0, nil).String(); got != tt.want {
			t.Errorf("loc(%.30s): name %q, want %q", tt.loc, got, tt.want)
		}
	}
}

// TestResultNames reads jax.result_info and result locations, for one
// result and for several, and the names of tuple arguments.
func TestResultNames(t *testing.T) {
	cfg, diags := lowerText(t, fn(`%a: tensor<4xf32>, %b: tensor<4xf32> loc("b")`,
		`tensor<4xf32> {jax.result_info = "[0]['w']"}, tensor<4xf32>, tensor<4xf32> loc("third")`), Options{UseTupleArgs: true})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for _, tt := range []struct{ got, want string }{
		{cfg.OutputLabel(model.ShapeIndex{0}), `output {0} "[0]['w']"`},
		{cfg.OutputLabel(model.ShapeIndex{1}), `output {1}`},
		{cfg.OutputLabel(model.ShapeIndex{2}), `output {2} "third"`},
		{cfg.ParamLabel(0, model.ShapeIndex{1}), `parameter 0 "b"`},
		{cfg.ParamLabel(0, model.ShapeIndex{0}), `parameter 0`},
	} {
		if tt.got != tt.want {
			t.Errorf("got %s, want %s", tt.got, tt.want)
		}
	}
	// One result: it names the whole output, a tuple's leaves included.
	cfg, diags = lowerText(t, fn(`%a: tensor<4xf32>`, `tuple<tensor<4xf32>, tensor<2xf32>> {jax.result_info = "result"}`), Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if got := cfg.OutputLabel(model.ShapeIndex{1}); got != `output {1} "result"` {
		t.Errorf("got %s", got)
	}
	// None named: no names at all.
	cfg, _ = lowerText(t, fn(`%a: tensor<4xf32>`, `tensor<4xf32>`), Options{})
	if cfg.Names.Params != nil || cfg.Names.Outputs != nil || !cfg.Names.Output.IsZero() {
		t.Errorf("names of a module that names nothing: %+v", cfg.Names)
	}
}

// TestNamesInErrors checks that the tool's own errors name the
// parameters and outputs, and that upstream's keep their words.
func TestNamesInErrors(t *testing.T) {
	for _, tt := range []struct{ args, results, want string }{
		{`%a: tensor<4xf32> {tf.aliasing_output = 0 : i32} loc("x"), %b: tensor<4xf32> {tf.aliasing_output = 0 : i32} loc("y")`,
			`tensor<4xf32> {jax.result_info = "out"}, tensor<4xf32>`, `output index {0} "out" is aliased twice`},
		{`%a: tuple<tensor<4xf32>> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], tuple_indices = [0]>, jax.buffer_donor = true} loc("x")`,
			`tensor<4xf32>`, `buffer donor parameter 0 "x" at {} is not an array: (f32[4])`},
		{`%a: tensor<4xf32> {tf.aliasing_output = 0 : i32, jax.buffer_donor = true} loc("x")`,
			`tensor<4xf32>`, `Parameter 0 index {} is already aliased with one output, thus it cannot be added as a buffer donor for any output.`},
		{`%a: tensor<4xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>} loc("x")`,
			`tensor<8xf32>`, `Expected aliased input 0 at index {} and output at index {} to have the same size.`},
	} {
		_, diags := lowerText(t, fn(tt.args, tt.results), Options{})
		if !strings.Contains(diags.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.args, diags, tt.want)
		}
	}
}

// TestManyArgumentNames reads the names of a long signature.
func TestManyArgumentNames(t *testing.T) {
	var args []string
	for i := 0; i < 5000; i++ {
		args = append(args, fmt.Sprintf(`%%a%d: tensor<4xf32> loc("arg%d")`, i, i))
	}
	cfg, diags := lowerText(t, "#loc = loc(unknown)\n"+fn(strings.Join(args, ", "), "tensor<4xf32>"), Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for _, i := range []int64{0, 2499, 2500, 4999} {
		if got, want := cfg.ParamName(i, nil).String(), fmt.Sprint("arg", i); got != want {
			t.Errorf("argument %d: %q", i, got)
		}
	}
}

// TestHugeArgumentName reads a 50 MB name in a location and in
// jax.arg_info: each costs model.NameKeep bytes, not 50 MB.
func TestHugeArgumentName(t *testing.T) {
	huge := strings.Repeat("w", 50<<20)
	for _, arg := range []string{`%a: tensor<4xf32> loc("` + huge + `")`, `%a: tensor<4xf32> {jax.arg_info = "` + huge + `"}`} {
		src := []byte(fn(arg, "tensor<4xf32>"))
		f, err := parser.ParseFile("t.mlir", src, parser.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		cfg, diags := Lower(f, src, Options{})
		runtime.ReadMemStats(&after)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		if d := after.TotalAlloc - before.TotalAlloc; d > 1<<20 {
			t.Errorf("lowering a 50 MB name allocated %d bytes", d)
		}
		n := cfg.ParamName(0, nil)
		if !n.Long() || len(n.String()) != model.NameKeep || n.Quoted() != `"`+strings.Repeat("w", model.NameChars-3)+`..."` {
			t.Errorf("name %d bytes, printed %s", len(n.String()), n.Quoted())
		}
	}
}
