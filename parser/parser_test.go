package parser

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

func parse(t *testing.T, src string, entry string) (*ast.File, error) {
	t.Helper()
	return ParseFile("t.mlir", []byte(src), Options{Entry: entry})
}

func text[P ast.Pos | ast.At](src string, pos, end P) string {
	return src[offset(pos):offset(end)]
}

func offset[P ast.Pos | ast.At](p P) int {
	switch p := any(p).(type) {
	case ast.Pos:
		return p.Offset
	case ast.At:
		return p.Offset
	}
	return 0
}

// TestStructure finds the module and the entry function in every shape of
// text the contract names.
func TestStructure(t *testing.T) {
	tests := []struct {
		name, src, entry string
		funcs            string // names of the functions found
		module           string // module name; "-" for no module
		args             []string
	}{
		{"custom", "module @m {\n  func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n    return %a : tensor<2xf32>\n  }\n}\n", "",
			"main", "m", []string{"%a: tensor<2xf32>"}},
		{"unnamed module with attributes", "module attributes {a = 1 : i32} {\n func.func public @main() {\n }\n}", "",
			"main", "", nil},
		{"builtin.module", "builtin.module @b {\n func.func @main() \n}", "", "main", "b", nil},
		{"bare functions", "func.func private @f(tensor<i1>) -> tensor<i1>\nfunc.func @main(%x: tensor<i1> loc(\"x\")) {\n}\n", "",
			"f main", "-", []string{`%x: tensor<i1> loc("x")`}},
		{"entry flag", "module {\n func.func @main() {\n }\n func.func @fwd(%a: tensor<1xf32> {k = \"}\"}) {\n }\n}", "fwd",
			"main fwd", "", []string{`%a: tensor<1xf32> {k = "}"}`}},
		{"quoted symbol", "module {\n func.func @\"my main\"(%a: tensor<f32>) {\n }\n}", "my main", "my main", "", []string{"%a: tensor<f32>"}},
		{"declaration", "module {\n func.func private @main(tensor<2xf32> {jax.buffer_donor = true}) -> tensor<2xf32>\n}", "",
			"main", "", []string{"tensor<2xf32> {jax.buffer_donor = true}"}},
		{"tricky bodies", `#loc = loc("a.py":1:1)
!t = tensor<2xf32>
module @m {
  func.func private @before(%a: tensor<2xf32>) -> tensor<2xf32> {
    %0 = "x.op"() {s = "}}\"{", d = dense<"0xFFFF"> : tensor<1xi16>} : () -> tensor<2xf32>
    // a comment } with { braces " and a quote
    %1 = "x.region"() ({
    ^bb0(%b: tensor<2xf32>):
      "x.yield"(%b) : (tensor<2xf32>) -> ()
    }) : () -> tensor<2xf32>
    return %1 : tensor<2xf32>
  } loc(#loc)
  "x.global"() {sym_name = "func.func"} : () -> ()
  func.func @main(%a: !t) -> !t attributes {x = {y = "}"}} {
    return %a : !t
  }
  func.func private @after() -> ()
}
{-#
  dialect_resources: {builtin: {b: "0x01{"}}
#-}
`, "", "before main after", "m", []string{"%a: !t"}},
		{"generic", `"builtin.module"() <{sym_name = "g"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "other"}> ({
  }) : () -> ()
  "func.func"() <{arg_attrs = [{x = "a, sym_name = \"no\""}], function_type = (tensor<2xf32>) -> tensor<2xf32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<2xf32>):
    "func.return"(%arg0) : (tensor<2xf32>) -> ()
  }) : () -> ()
}) {mhlo.x = 1 : i32} : () -> ()
`, "", "other main", "g", []string{"tensor<2xf32>"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := parse(t, tt.src, tt.entry)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, fd := range f.Funcs {
				names = append(names, fd.Name)
			}
			if got := strings.Join(names, " "); got != tt.funcs {
				t.Errorf("functions %q, want %q", got, tt.funcs)
			}
			switch {
			case tt.module == "-" && f.Module != nil:
				t.Errorf("found a module in bare functions")
			case tt.module != "-" && (f.Module == nil || f.Module.Name != tt.module):
				t.Errorf("module %+v, want name %q", f.Module, tt.module)
			}
			if len(f.Entry.Args) != len(tt.args) {
				t.Fatalf("%d arguments, want %d", len(f.Entry.Args), len(tt.args))
			}
			for i, a := range f.Entry.Args {
				if got := text(tt.src, a.Pos, a.EndPos); got != tt.args[i] {
					t.Errorf("argument %d spans %q, want %q", i, got, tt.args[i])
				}
			}
		})
	}
}

func TestModuleAttributes(t *testing.T) {
	src := "module @m attributes {mhlo.input_output_alias = [], \"quoted key\" = unit, b} {\n}\n"
	f, err := ParseFile("t.mlir", []byte(src), Options{Entry: "x"})
	if err == nil || !strings.Contains(err.Error(), "entry function @x not found; no functions were found") {
		t.Fatalf("got %v", err)
	}
	src = strings.Replace(src, "{\n}", "{\n  func.func @x()\n}", 1)
	if f, err = ParseFile("t.mlir", []byte(src), Options{Entry: "x"}); err != nil {
		t.Fatal(err)
	}
	m := f.Module
	if got := text(src, m.Attrs.Pos, m.Attrs.EndPos); got != `{mhlo.input_output_alias = [], "quoted key" = unit, b}` {
		t.Errorf("attrs span %q", got)
	}
	if m.Attrs.Lookup("quoted key") == nil || m.Attrs.Lookup("b") == nil || m.Attrs.Lookup("b").Value != nil {
		t.Errorf("lookup failed: %+v", m.Attrs.Entries)
	}
	if got := src[m.AttrsKeyword.Offset:m.Attrs.Pos.Offset]; got != "attributes " {
		t.Errorf("keyword span %q", got)
	}
	if got := src[m.InsertAt.Offset:]; !strings.HasPrefix(got, "{\n  func.func") {
		t.Errorf("insert point at %q", got[:10])
	}
}

// TestResultAliasAttr parses #mhlo.result_alias the way upstream does.
func TestResultAliasAttr(t *testing.T) {
	tests := []struct {
		body    string
		tuple   []int64
		result  []int64
		must    bool
		wantErr string
	}{
		{"result_index = [0]", nil, []int64{0}, false, ""},
		{"tuple_indices = [1, 2], result_index = [3, 4], must_alias", []int64{1, 2}, []int64{3, 4}, true, ""},
		{"must_alias, result_index = [1], tuple_indices = []", []int64{}, []int64{1}, true, ""},
		{"result_index = [0],", nil, []int64{0}, false, ""},
		{"result_index=[0x10]", nil, []int64{16}, false, ""},
		{"result_index = []", nil, nil, false, "expected at least 1 element(s), found 0"},
		{"", nil, nil, false, "missing `result_index` entry"},
		{"must_alias", nil, nil, false, "missing `result_index` entry"},
		{"result_index = [0], result_index = [1]", nil, nil, false, "duplicated `result_index` entry"},
		{"result_index = [0], bogus", nil, nil, false, "expected one of: `tuple_indices`, `result_index`, `must_alias`"},
		{"result_index = [0], must_alias = true", nil, nil, false, "expected '>'"},
		{"result_index [0]", nil, nil, false, "expected '='"},
		{"result_index = 0", nil, nil, false, "expected '['"},
		{"result_index = [0 1]", nil, nil, false, "expected ','"},
		{"result_index = [0.5]", nil, nil, false, "expected integer value"},
		{"result_index = [0] must_alias", nil, nil, false, "expected '>'"},
	}
	for _, tt := range tests {
		src := "func.func @main(%a: tensor<f32> {mhlo.result_alias = #mhlo.result_alias<" + tt.body + ">}) -> tensor<f32>"
		f, err := parse(t, src, "")
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("%q: got %v, want %q", tt.body, err, tt.wantErr)
			} else if !strings.Contains(err.Error(), "failed parsing argument-result alias attribute") {
				t.Errorf("%q: upstream's second diagnostic is missing: %v", tt.body, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tt.body, err)
			continue
		}
		ra := f.Entry.Args[0].Attrs.Entries[0].Value.AsResultAlias()
		if !slices.Equal(ra.TupleIndices, tt.tuple) || !slices.Equal(ra.ResultIndex, tt.result) || ra.MustAlias != tt.must {
			t.Errorf("%q: got %+v", tt.body, ra)
		}
		if got := text(src, ra.Pos, ra.EndPos); got != "#mhlo.result_alias<"+tt.body+">" {
			t.Errorf("%q: span %q", tt.body, got)
		}
	}
}

// TestAttrValues parses every attribute form the grammar knows.
func TestAttrValues(t *testing.T) {
	values := []string{
		`1 : i32`, `-7`, `0x1F : i64`, `1.5 : f32`, `-2.0e-3`, `true`, `false`, `"s\"tr"`, `"s" : i8`,
		`[]`, `[1, [2, "x"]]`, `{}`, `{a = 1, b}`, `array<i64>`, `array<i64: 1, 2>`, `array<i1: true>`,
		`dense<[1, 0]> : tensor<2xindex>`, `dense<> : tensor<0xindex>`, `dense<"0xDEAD"> : tensor<2xi8>`,
		`dense<[(1.0, 2.0)]> : tensor<1xcomplex<f32>>`, `dense_resource<blob> : tensor<2xi8>`, `@sym`,
		`#loc3`, `#sdy.sharding<@mesh, [{"x", ?}p0, {}]>`, `affine_map<(d0) -> (d0)>`, `unit`, `i32`,
		`tensor<2x?xf32>`, `(tensor<2xf32>) -> tensor<2xf32>`, `loc("f":1:2)`, `#mhlo.type_extensions<bounds = [?, 4]>`,
		`#stablehlo.bounds<?>`, `#dialect<"opaque">`, `!dialect.type<1, 2>`,
	}
	for _, v := range values {
		// A key the tool reads: the value is kept.
		src := "func.func @main(%a: tensor<f32> {jax.arg_info = " + v + ", k = " + v + "}) -> tensor<f32>"
		f, err := parse(t, src, "")
		if err != nil {
			t.Errorf("%s: %v", v, err)
			continue
		}
		a := f.Entry.Args[0].Attrs.Entries[0].Value
		if got := text(src, a.Pos, a.EndPos); got != v {
			t.Errorf("value span %q, want %q", got, v)
		}
		// Another key's scalar value is not kept; its entry's span
		// still covers it.
		e := f.Entry.Args[0].Attrs.Entries[1]
		if scalar := strings.IndexAny(v[:1], "-0123456789\"tf") == 0 && !strings.HasPrefix(v, "tensor"); (e.Value == ast.Unkept) != scalar {
			t.Errorf("%s: value kept %v, want %v", v, e.Value != ast.Unkept, !scalar)
		}
		if got := text(src, e.Pos, e.EndPos); got != "k = "+v {
			t.Errorf("entry span %q, want %q", got, "k = "+v)
		}
	}
}

// TestErrors checks the scanner's and grammar's diagnostics and positions.
func TestErrors(t *testing.T) {
	deep := "func.func @main(%a: " + strings.Repeat("tuple<", 100000) + strings.Repeat(">", 100000) + ")"
	tests := []struct{ name, src, want string }{
		{"no main", "module {\n func.func @f()\n func.func @g()\n}", "t.mlir:1:1: error: entry function @main not found; functions found: @f, @g"},
		{"duplicate main", "func.func @main()\nfunc.func @main()", "t.mlir:2:11: error: redefinition of symbol named 'main'"},
		{"unterminated string", "module {\n func.func @main() {\n  \"x.op\"() {s = \"abc\n}\n}", "t.mlir:3:17: error: unterminated string"},
		{"unbalanced body", "module {\n func.func @main() {\n  {\n}\n", "t.mlir:2:20: error: unbalanced '{': no matching '}'"},
		{"unbalanced signature", "func.func @main(%a: tensor<f32>", "t.mlir:1:16: error: unbalanced '(': no matching closing bracket"},
		{"stray closer", "module {\n}\n}\n", "t.mlir:3:1: error: unexpected '}'"},
		{"bad type", "func.func @main(%a: tensor<2xf32) -> ()", "error: unexpected"},
		{"missing name", "func.func (%a: tensor<f32>)", "t.mlir:1:11: error: expected a function name (@name) after 'func.func'"},
		{"two modules", "module {\n}\nmodule {\n}\n", "t.mlir:3:1: error: expected at most one top-level module"},
		{"unterminated resources", "{-# dialect_resources: {}", "t.mlir:1:1: error: expected '#-}' to end the file metadata"},
		{"deep nesting", deep, "error: nesting is deeper than 200 levels"},
		{"non-ASCII in signature", "func.func @main(%a: tensor<f32> {k = é})", "t.mlir:1:38: error: unexpected character"},
		{"generic without sym_name", "\"func.func\"() <{function_type = () -> ()}> ({\n}) : () -> ()", "t.mlir:1:1: error: expected a sym_name string"},
		{"generic without function_type", "\"func.func\"() <{sym_name = \"main\"}> ({\n}) : () -> ()", "error: expected a function_type attribute"},
		{"alias without value", "#a = ", "t.mlir:1:6: error: expected a value in alias definition of #a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parse(t, tt.src, "")
			var list ast.ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("got %T %v, want an ErrorList", err, err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got  %v\nwant %s", err, tt.want)
			}
		})
	}
}

// TestPositionsAfterLargeBody checks line and column counting past a body
// that is skipped.
func TestPositionsAfterLargeBody(t *testing.T) {
	var b strings.Builder
	b.WriteString("module {\n  func.func private @big() {\n")
	for i := 0; i < 1000; i++ {
		b.WriteString("    %0 = \"x.c\"() {v = dense<\"0x00FF\"> : tensor<2xi8>} : () -> tensor<2xi8>\n")
	}
	b.WriteString("  }\n  func.func @main(%a: tensor<f32>) {\n  }\n}\n")
	f, err := parse(t, b.String(), "")
	if err != nil {
		t.Fatal(err)
	}
	if p := f.PosOf([]byte(b.String()), f.Entry.Args[0].Pos); p.Line != 1004 || p.Column != 19 {
		t.Errorf("argument at %v, want line 1004 column 19", p)
	}
}

// TestRelease checks that the scanner reports its progress and that
// positions stay right when it does.
func TestRelease(t *testing.T) {
	var b strings.Builder
	b.WriteString("module {\n  func.func private @big() {\n")
	for b.Len() < 3*ast.ReleaseStep {
		b.WriteString("    %0 = \"x.c\"() {v = dense<\"0x" + strings.Repeat("AB", 4000) + "\"> : tensor<4000xi8>} : () -> tensor<4000xi8>\n")
	}
	b.WriteString("  }\n  func.func @main(%a: tensor<f32> {tf.aliasing_output = 0 : i32}) -> tensor<f32>\n}\n")
	src := b.String()
	var calls []int
	f, err := ParseFile("t.mlir", []byte(src), Options{Release: func(from, to int) {
		if from != 0 && (len(calls) == 0 || from != calls[len(calls)-1]) {
			t.Errorf("Release(%d, %d) after %v: the ranges must follow each other", from, to, calls)
		}
		calls = append(calls, to)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) < 2 {
		t.Fatalf("Release called %d times for %d bytes", len(calls), len(src))
	}
	for i := 1; i < len(calls); i++ {
		if calls[i] <= calls[i-1] {
			t.Fatalf("Release offsets must increase: %v", calls)
		}
	}
	wantLine := strings.Count(src[:strings.Index(src, "@main")], "\n") + 1
	if p := f.Entry.Pos; p.Line != wantLine || p.Column != 13 {
		t.Errorf("entry at %v, want line %d column 13", p, wantLine)
	}
}

// TestLongSignature parses a signature longer than a piece (pieceBytes):
// every argument must come out whole, and an error in the middle must
// keep its position.
func TestLongSignature(t *testing.T) {
	var b strings.Builder
	b.WriteString("module {\n  func.func @main(")
	for i := 0; i < 384; i++ {
		if i > 0 {
			b.WriteString(",\n    ")
		}
		fmt.Fprintf(&b, `%%a%d: tensor<%dx?xf32, #stablehlo.bounds<?, 4>> {k = "a, b", n = [%d, [1]]} loc("x"(#l))`, i, i+1, i)
	}
	b.WriteString(") -> (tensor<1xf32> {r = 1}) attributes {f}\n}\n")
	src := b.String()
	f, err := parse(t, src, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Entry.Args) != 384 || len(f.Entry.Results) != 1 || f.Entry.Sig.Attrs.Lookup("f") == nil {
		t.Fatalf("%d arguments, %d results", len(f.Entry.Args), len(f.Entry.Results))
	}
	for i, a := range f.Entry.Args {
		want := fmt.Sprintf(`%%a%d: tensor<%dx?xf32, #stablehlo.bounds<?, 4>> {k = "a, b", n = [%d, [1]]} loc("x"(#l))`, i, i+1, i)
		if got := text(src, a.Pos, a.EndPos); got != want {
			t.Fatalf("argument %d spans %q", i, got)
		}
		if p := f.PosOf([]byte(src), a.Pos); p.Line != 2+i {
			t.Fatalf("argument %d on line %d, want %d", i, p.Line, 2+i)
		}
	}
	bad := strings.Replace(src, `%a200: tensor<201x?xf32, #stablehlo.bounds<?, 4>> {k =`, `%a200: tensor<201x?xf32, #stablehlo.bounds<?, 4>> {k = =`, 1)
	_, err = parse(t, bad, "")
	if err == nil || !strings.Contains(err.Error(), "t.mlir:202:") {
		t.Errorf("got %v, want an error on line 202", err)
	}
	if _, err := parse(t, strings.Replace(src, ",\n    %a5:", ",,\n    %a5:", 1), ""); err == nil {
		t.Errorf("an empty argument must be an error")
	}
}

// TestEntryNotFoundListIsShort keeps the list of functions in the error
// short: long names clipped, at most twenty names.
func TestEntryNotFoundListIsShort(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 25; i++ {
		fmt.Fprintf(&b, "func.func @f%02d_%s()\n", i, strings.Repeat("n", 1000))
	}
	_, err := parse(t, b.String(), strings.Repeat("m", 5000))
	msg := fmt.Sprint(err)
	if len(msg) > 2000 || !strings.Contains(msg, "and 5 more") || !strings.Contains(msg, "entry function @mmmm") {
		t.Errorf("message of %d bytes: %.300s", len(msg), msg)
	}
}

// TestControlCharacters rejects control bytes in a signature where they
// stand, and never prints them raw.
func TestControlCharacters(t *testing.T) {
	for _, sig := range []string{"(%a: tensor<2x\x00f32>)", "(%a: tensor<2xf32> {a\x01b = 1})", "(%a: tensor<2xf32>\x7f)"} {
		_, err := parse(t, "func.func @main"+sig, "")
		msg := fmt.Sprint(err)
		if !strings.Contains(msg, "error: unexpected character") || strings.ContainsAny(msg, "\x00\x01\x7f") {
			t.Errorf("%q: %q", sig, msg)
		}
	}
}

// TestOnlyUsedAliasesRead checks that ParseFile reads the aliases the
// signature and the module's dictionary name, and those they name, and
// no other: an unused definition that does not parse is no error.
func TestOnlyUsedAliasesRead(t *testing.T) {
	src := `#m = {mhlo.x = #inner}
#inner = 1 : i32
#a = #b
#b = #mhlo.result_alias<result_index = [0]>
!t = tuple<!u>
!u = tensor<2xf32>
#unused = [1, 2, %%]
!unused = tuple<%%>
#loc9 = loc("x")
module attributes {mhlo.frontend = #m} {
  func.func @main(%arg0: !t {mhlo.result_alias = #a} loc(#loc9)) -> tensor<2xf32> {
    return %arg0 : tensor<2xf32>
  }
}
`
	f, err := ParseFile("t.mlir", []byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for name, def := range f.Aliases {
		if def.Err != nil {
			t.Errorf("%s: %v", name, def.Err)
		}
		got = append(got, name)
	}
	slices.Sort(got)
	if want := []string{"!t", "!u", "#a", "#b", "#inner", "#loc9", "#m"}; !slices.Equal(got, want) {
		t.Errorf("aliases read %v, want %v", got, want)
	}
	if len(f.AttrAliases) != 6 || len(f.TypeAliases) != 3 {
		t.Errorf("%d attribute and %d type alias spans, want 6 and 3", len(f.AttrAliases), len(f.TypeAliases))
	}
}

// TestMeshes records each module-level sdy.mesh, custom or generic, as
// the span of its value, the first of a name only.
func TestMeshes(t *testing.T) {
	src := `module @m attributes {mhlo.num_partitions = 8 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> loc("m")
  sdy.mesh @maximal = <[], device_ids=[3]>
  "sdy.mesh"() <{mesh = #sdy.mesh<["z"=8]>, sym_name = "generic"}> : () -> ()
  sdy.mesh @mesh = <["w"=1]>
  func.func @main(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<8xf32> {
    return %a : tensor<8xf32>
  }
}
`
	f, err := parse(t, src, "")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"mesh": `<["x"=2, "y"=4]>`, "maximal": `<[], device_ids=[3]>`, "generic": `#sdy.mesh<["z"=8]>`}
	if len(f.Meshes) != len(want) {
		t.Errorf("meshes %v, want %v", f.Meshes, want)
	}
	for name, w := range want {
		if sp, ok := f.Meshes[name]; !ok || text(src, sp.Pos, sp.End) != w {
			t.Errorf("mesh %s: %v, want %q", name, sp, w)
		}
	}
	if sp := f.Meshes["mesh"]; sp.Pos.Line != 2 || sp.Pos.Column != 20 {
		t.Errorf("mesh at %s, want line 2, column 20", sp.Pos)
	}
	e := f.Entry.Args[0].Attrs.Lookup("sdy.sharding")
	if e == nil || e.Value == nil || e.Value.AsHash() == nil || text(src, e.Value.Pos, e.Value.EndPos) != `#sdy.sharding<@mesh, [{"x"}]>` {
		t.Errorf("sdy.sharding read as %+v", e)
	}
	for _, odd := range []string{"sdy.mesh mesh = <[]>", "sdy.mesh @m <[]>", "sdy.mesh @m = #mesh"} {
		f, err := parse(t, "module {\n  "+odd+"\n  func.func @main() {\n  }\n}", "")
		if err != nil {
			t.Errorf("%s: %v", odd, err)
		} else if f.Meshes != nil {
			t.Errorf("%s: meshes %v; want it skipped", odd, f.Meshes)
		}
	}
}
