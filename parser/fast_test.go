package parser

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/bench/gen"
)

var fastModes = []string{"sig", "dict", "type", "attr"}

// checkFast parses src as mode with the decoder and, if it accepts,
// with the grammar, and fails unless both give the same nodes.
func checkFast(t *testing.T, mode string, src []byte) bool {
	t.Helper()
	pos := lexer.Position{Filename: "f.mlir", Line: 3, Column: 5}
	fast, _, ok := fastParse(mode, src, 0, len(src), pos, nil)
	if !ok {
		return false
	}
	slow, err := grammarParse(mode, src, 0, len(src), ast.Pos(pos))
	if err != nil {
		t.Fatalf("%s %q: the decoder accepts what the grammar rejects: %v", mode, src, err)
	}
	if !reflect.DeepEqual(fast, slow) {
		t.Fatalf("%s %q: the decoder and the grammar differ:\n%s", mode, src, diffNodes(fast, slow))
	}
	return true
}

// diffNodes prints the first difference between two node trees.
func diffNodes(a, b any) string {
	var walk func(path string, x, y reflect.Value) string
	walk = func(path string, x, y reflect.Value) string {
		if x.Kind() != y.Kind() {
			return path + ": kinds differ"
		}
		switch x.Kind() {
		case reflect.Interface:
			if x.IsNil() || y.IsNil() || x.Elem().Type() != y.Elem().Type() {
				if x.IsNil() != y.IsNil() || !x.IsNil() && x.Elem().Type() != y.Elem().Type() {
					return path + ": the nodes differ in type"
				}
				return ""
			}
			return walk(path, x.Elem(), y.Elem())
		case reflect.Pointer:
			if x.IsNil() || y.IsNil() {
				if x.IsNil() != y.IsNil() {
					return path + ": one is nil"
				}
				return ""
			}
			return walk(path, x.Elem(), y.Elem())
		case reflect.Struct:
			for i := 0; i < x.NumField(); i++ {
				if d := walk(path+"."+x.Type().Field(i).Name, x.Field(i), y.Field(i)); d != "" {
					return d
				}
			}
			return ""
		case reflect.Slice:
			if x.IsNil() != y.IsNil() {
				return path + ": one slice is nil"
			}
			if x.Len() != y.Len() {
				return path + ": lengths differ"
			}
			for i := 0; i < x.Len(); i++ {
				if d := walk(path+"["+string(rune('0'+i%10))+"]", x.Index(i), y.Index(i)); d != "" {
					return d
				}
			}
			return ""
		}
		if !reflect.DeepEqual(x.Interface(), y.Interface()) {
			return path + ": " + reflect.ValueOf(x.Interface()).String() + " vs " + reflect.ValueOf(y.Interface()).String()
		}
		return ""
	}
	return walk("", reflect.ValueOf(a), reflect.ValueOf(b))
}

// TestFastDecoder runs the decoder and the grammar side by side on
// constructs inside and outside the decoder's subset.
func TestFastDecoder(t *testing.T) {
	accepted := []struct{ mode, src string }{
		{"sig", "()"},
		{"sig", "(%a: i32 {x = [1, 2,\n 3, 40,\n\n  5], y = [1, 2.5, \"s\", true], z = [1, 2 : i32]},\n %b: tensor<2xf32> {w = [7,8,9]} loc(\"p\"(#loc0))) -> i32"},
		{"sig", `(%arg0: tensor<2x?xf32> {mhlo.sharding = "{replicated}", tf.aliasing_output = 0 : i32} loc("p"(#loc0)), %b: !t) -> (tensor<2xf32> {jax.result_info = "[0]"}, i32) attributes {x = [1, 2.5, true, @f], y}`},
		{"sig", "(tensor<*xf32>, tensor<f32>)\n  -> tensor<i1>"},
		{"sig", "(%a: tensor<2 x 3 x bf16>, // comment\n %b: tensor<4xf8E4M3FN, #enc>) -> ()"},
		{"sig", `(%a: tensor<4xf32> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [1], result_index = [0, 2], must_alias>, jax.buffer_donor = true})`},
		{"sig", `(%a: tensor<4xf32> {k = #d.a<x, "y">, l = !quant.uniform<i8:f32, 1.0>, "q k" = {}, m = []})`},
		{"sig", "() -> tensor<2xf32> attributes {a}"},
		{"dict", `{mhlo.num_partitions = 1 : i32, mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>}}]}`},
		{"dict", `{mhlo.num_partitions = 1 : i32, mhlo.input_output_alias = []}`},
		{"type", "tensor<8x128xbf16>"},
		{"attr", "#mhlo.result_alias<result_index = [0]>"},
		{"attr", "-3 : i64"},
		{"sig", "(%a: tuple<tensor<2xf32>, tuple<>>, %b: complex<f32>, %c: vector<4x[2]xf32>, %d: !d.t < a, (b), {c}, [<d>] >)"},
		{"sig", "(%a: tensor<?x2xf32, #stablehlo.bounds<4, ?>>, %b: tensor<?xf32, #mhlo.type_extensions<bounds = [?]>>, %c: (i32) -> i32, %d: () -> (i32, f32))"},
		{"dict", "{a = dense<1> : tensor<i32>, b = dense<[[1, 2], [3, 4]]>, c = dense<(1.0, -2)>, d = dense<>, e = dense<\"0xFF\">}"},
		{"dict", "{function_type = (tensor<8xf32>) -> (tensor<8xf32>, tensor<4xi32>), sym_name = \"main\"}"},
	}
	for _, tt := range accepted {
		if !checkFast(t, tt.mode, []byte(tt.src)) {
			t.Errorf("%s %q: the decoder leaves it to the grammar", tt.mode, tt.src)
		}
	}
	// Outside the subset, or malformed: the decoder leaves these to the
	// grammar.
	rejected := []struct{ mode, src string }{
		{"sig", "(%a: tensor<2xf32>,)"},
		{"sig", "(%a tensor<2xf32>)"},
		{"sig", "(%a: tensor<2xf32>) -> (tensor<2xf32>,)"},
		{"dict", "{a = 1,}"},
		{"dict", "{a = #mhlo.result_alias<result_index = []>}"},
		{"dict", "{a = #mhlo.result_alias <result_index = [0]> >}"},
		{"dict", `{a = "unterminated}`},
		{"type", "tensor"},
		{"type", "tensor<2x3>"},
		{"type", "tensor<2xf32, #mhlo.type_extensions>"},
		{"type", "tensor<2xf32, #mhlo.type_extensions<bounds = [1,]>>"},
		{"type", "complex<f32]"},
		{"type", "tuple<i32,>"},
		{"type", "(i32,) -> i32"},
		{"attr", "dense<(1, 2, 3)>"},
		{"attr", "dense<[1,]>"},
		{"attr", "1 : "},
	}
	for _, tt := range rejected {
		if checkFast(t, tt.mode, []byte(tt.src)) {
			t.Errorf("%s %q: accepted by the decoder, which should leave it to the grammar", tt.mode, tt.src)
		}
	}
}

// TestFastDecoderFiles parses every module of the test corpora with and
// without the decoder and compares the results, diagnostics included.
func TestFastDecoderFiles(t *testing.T) {
	var files []string
	for _, pattern := range []string{"../testdata/*/*.mlir", "../testdata/*/*/*.mlir", "testdata/fuzz/FuzzParseFile/*"} {
		m, _ := filepath.Glob(pattern)
		files = append(files, m...)
	}
	if len(files) < 100 {
		t.Fatalf("only %d files found", len(files))
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if filepath.Ext(file) != ".mlir" {
			if src, err = fuzzInput(src); err != nil {
				t.Fatalf("%s: %v", file, err)
			}
		}
		compareParses(t, file, src)
	}
}

// compareParses parses src with and without the decoder, and with the
// grammar placing every error over the piece the decoder leaves
// (grammarPiece), every construct cut: the errors must be the same.
func compareParses(t *testing.T, name string, src []byte) {
	t.Helper()
	fast, errFast := ParseFile("f.mlir", src, Options{})
	pieceBytes, cutBytes = 0, 1
	_, errPiece := ParseFile("f.mlir", src, Options{})
	pieceBytes, cutBytes = 64<<10, 1<<10
	fastEnabled = false
	slow, errSlow := ParseFile("f.mlir", src, Options{})
	fastEnabled = true
	if (errFast == nil) != (errSlow == nil) || errFast != nil && errFast.Error() != errSlow.Error() {
		t.Fatalf("%s: errors differ: with the decoder %v, without %v", name, errFast, errSlow)
	}
	if (errPiece == nil) != (errSlow == nil) || errPiece != nil && errPiece.Error() != errSlow.Error() {
		t.Fatalf("%s: errors differ: over pieces %v, the grammar alone %v", name, errPiece, errSlow)
	}
	if fast != nil {
		// The anchors differ (the pieces each read are not the same);
		// the positions they give must not.
		samePositions(t, name, src, fast, slow)
		fast.Lines, slow.Lines = nil, nil
	}
	if !reflect.DeepEqual(fast, slow) {
		t.Fatalf("%s: results differ: %s", name, diffNodes(fast, slow))
	}
}

// samePositions fails unless the positions of every offset in the entry
// signature's nodes are the same in a and b.
func samePositions(t *testing.T, name string, src []byte, a, b *ast.File) {
	t.Helper()
	var ats []ast.At
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer:
			if a, ok := v.Interface().(*ast.Attr); ok && a == ast.Unkept {
				return // no position: shared by the values not kept
			}
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Struct:
			if at, ok := v.Interface().(ast.At); ok {
				ats = append(ats, at)
				return
			}
			for i := 0; i < v.NumField(); i++ {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i))
				}
			}
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i))
			}
		}
	}
	walk(reflect.ValueOf(a.Entry))
	for _, at := range ats {
		if p, q := a.PosOf(src, at), b.PosOf(src, at); p != q {
			t.Fatalf("%s: offset %d is at %v with the decoder, %v without", name, at.Offset, p, q)
		}
		if p := a.PosOf(src, at); !p.IsValid() {
			t.Fatalf("%s: offset %d has no position", name, at.Offset)
		}
	}
}

// fuzzInput decodes a corpus file of the Go fuzzer holding one []byte.
func fuzzInput(b []byte) ([]byte, error) {
	s := strings.TrimSpace(string(b))
	s = strings.TrimPrefix(s, "go test fuzz v1\n")
	if !strings.HasPrefix(s, "[]byte(") || !strings.HasSuffix(s, ")") {
		return nil, fmt.Errorf("not a []byte corpus entry")
	}
	v, err := strconv.Unquote(s[len("[]byte(") : len(s)-1])
	return []byte(v), err
}

// FuzzFastDecoder checks that, on any input it accepts, in any mode, the
// decoder gives the grammar's nodes, and that a whole module parses the
// same with and without the decoder, errors placed over pieces included.
func FuzzFastDecoder(f *testing.F) {
	files, _ := filepath.Glob("../testdata/examples/*.mlir")
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`#mhlo.result_alias<must_alias, result_index = [0x1, -2],>`))
	f.Add([]byte("(%a: i32 {x = [" + strings.Repeat("1, 22,\n", 2000) + "3]}, %b: i32 {y = [" + strings.Repeat("4, ", 2000) + "]})"))
	f.Add([]byte("{x = [" + strings.Repeat("0x1, 2, ", 500) + "1.5e3, \"s\", true]}"))
	f.Add([]byte(`{a = #mhlo.result_alias<result_index = [0], result_index = [1]>}`))
	f.Add([]byte(`(%arg0: tensor<2x?xf32> {mhlo.sharding = "{replicated}", tf.aliasing_output = 0 : i32} loc("p"(#loc0)), %b: !t) -> (tensor<2xf32> {jax.result_info = "[0]"}, i32) attributes {x = [1, 2.5, true, @f], y}`))
	f.Add([]byte(`%a: tensor<4xf32> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [1], result_index = [0, 2], must_alias>, jax.buffer_donor = true}`))
	f.Add([]byte(`{mhlo.num_partitions = 1 : i32, mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>}}]}`))
	f.Add([]byte("module {\n func.func @main(%a: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}) -> tensor<2xf32>\n}"))
	// Long unread values, each a span: a string, an opaque attribute, a
	// location and an array of scalars, past the lengths from which the
	// decoder cuts them out of what the grammar reads (cutBytes).
	f.Add([]byte(`(%a: i32 {s = "` + strings.Repeat("x, %b", 400) + `", o = #d.a<` + strings.Repeat("[1, {2}], ", 200) + `>} loc("` + strings.Repeat("l", 2<<10) + `"(#l)), %c: i32 {n = [` + strings.Repeat("1, ", 2000) + `2]})`))
	// Strings on either side of the length from which they are kept as
	// their spans, one with a type suffix, then one with an error after it.
	f.Add([]byte(`{o = #d.a<` + strings.Repeat("[1, {2}], ", 200) + `> : i32, p = #d.b<` + strings.Repeat("z", ast.UnreadStringBytes-7) + `> x}`))
	f.Add([]byte(`{a = "` + strings.Repeat("y", ast.UnreadStringBytes-3) + `", b = "` + strings.Repeat("z", ast.UnreadStringBytes-2) + `" : i32, c = "` + strings.Repeat("w", 3<<10) + `" x}`))
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, mode := range fastModes {
			checkFast(t, mode, src)
		}
		compareParses(t, "input", src)
	})
}

// TestFastDecoderLongSignature compares long signatures read whole by the
// decoder, and read in batches when one argument is outside its subset
// (that batch goes to the grammar, the others to the decoder), with the
// grammar alone.
func TestFastDecoderLongSignature(t *testing.T) {
	var b bytes.Buffer
	if _, err := gen.Write(&b, gen.Options{Params: 600, Seed: 3, ConstBytes: 64}); err != nil {
		t.Fatal(err)
	}
	src := b.Bytes()
	compareParses(t, "600 parameters", src)
	odd := bytes.Replace(src, []byte(`%arg300: `), []byte("%arg300: tensor<2xf32> {odd = loc(\"x\")},\n    %arg300b: "), 1)
	if bytes.Equal(odd, src) {
		t.Fatal("no %arg300 in the generated module")
	}
	compareParses(t, "600 parameters, one odd", odd)
	bad := bytes.Replace(src, []byte(`%arg300: `), []byte("%arg300: tensor<2xf32> {odd = },\n    %arg300b: "), 1)
	compareParses(t, "600 parameters, one malformed", bad)
}

// TestNodesOwnTheirText overwrites the input after the parse: the
// decoder's lexer only views the input, and every token a node keeps must
// be a copy.
func TestNodesOwnTheirText(t *testing.T) {
	var b bytes.Buffer
	if _, err := gen.Write(&b, gen.Options{Params: 4000, Seed: 3, ConstBytes: 64}); err != nil {
		t.Fatal(err)
	}
	src := b.Bytes()
	want, err := ParseFile("f.mlir", bytes.Clone(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := ParseFile("f.mlir", src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range src {
		src[i] = 'X'
	}
	got.Lines, want.Lines = nil, nil
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("the nodes changed with the input: %s", diffNodes(got, want))
	}
}

// TestMalformedAfterLongArray breaks an argument of a signature of 300
// after one with a long array, which the decoder cuts out of what the
// grammar reads: the message must be the grammar's without the decoder.
func TestMalformedAfterLongArray(t *testing.T) {
	var args []string
	for i := range 300 {
		a := fmt.Sprintf("%%a%d: tensor<%dx4xf32> {mhlo.layout_mode = \"default\", k = [%s1]} loc(\"p%d\"(#l))", i, i+1, strings.Repeat("7, ", i%5*200), i)
		if i == 200 {
			a = strings.Replace(a, ":", "", 1)
		}
		args = append(args, a)
	}
	compareParses(t, "300 arguments", []byte("module {\n  func.func @main("+strings.Join(args, ",\n    ")+") {\n  }\n}\n"))
}

// TestMalformedArgument breaks one argument of a long signature in ways
// that fail at its start, inside it and at its end: the grammar reads a
// piece around it, and must report what it reports reading the whole
// list (compareParses). 3000 arguments with MHLO_ALIAS_LONG_TESTS=1.
func TestMalformedArgument(t *testing.T) {
	var b bytes.Buffer
	params, at := 300, []string{"150", "151", "0", "299"}
	if os.Getenv("MHLO_ALIAS_LONG_TESTS") == "1" {
		params, at = 3000, []string{"1500", "1501", "1737", "0", "2999"}
	}
	if _, err := gen.Write(&b, gen.Options{Params: params, Seed: 1, ConstBytes: 64}); err != nil {
		t.Fatal(err)
	}
	src := b.String()
	for _, tc := range []struct{ old, new string }{
		{`loc("param_1500"(#loc0))`, `loc("param_1500"(#loc0)) junk`},
		{`loc("param_1500"(#loc0))`, ``},
		{`loc("param_1500"(#loc0))`, `loc("param_1500"(#loc0)) {a = 1}`},
		{`%arg1500: tensor<`, `%arg1500 tensor<`},
		{`%arg1500: tensor<`, `%arg1500: {k} tensor<`},
		{`%arg1500: tensor<`, `%arg1500: tuple<i32,>, %x: tensor<`},
		{`%arg1500: tensor<`, `%arg1500: , %x: tensor<`},
		{`%arg1500: tensor<`, `%arg1500: !t.x<a>, %y: tensor<`},
		{`"param_1500"(#loc0))`, `"param_1500"(#loc0)) loc(#loc0)`},
		{`%arg1500: `, `%arg1500: i32 {k = [1, 2, }, %z: `},
	} {
		// Also at other arguments: the first, the middle, the last.
		for _, n := range at {
			o, w := strings.ReplaceAll(tc.old, "1500", n), strings.ReplaceAll(tc.new, "1500", n)
			i := strings.Index(src, o)
			if i < 0 {
				if n == at[0] {
					t.Fatalf("%q is not in the module", o)
				}
				continue
			}
			bad := src[:i] + w + src[i+len(o):]
			compareParses(t, w, []byte(bad))
		}
	}
}
