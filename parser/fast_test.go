package parser

import (
	"bytes"
	"fmt"
	"github.com/mhlo-alias/mhlo-alias/internal/arriving"
	"math/rand/v2"
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

var fastModes = []string{"sig", "dict", "type", "attr", "args", "tail"}

// checkFast parses src as mode with the decoder and, if it accepts,
// with the grammar, and fails unless both give the same nodes.
func checkFast(t *testing.T, mode string, src []byte) bool {
	t.Helper()
	pos := lexer.Position{Filename: "f.mlir", Line: 3, Column: 5}
	fast, ok := fastParse(mode, src, 0, len(src), pos)
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
		{"args", `%a: tensor<4xf32> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [1], result_index = [0, 2], must_alias>, jax.buffer_donor = true}`},
		{"args", `%a: tensor<4xf32> {k = #d.a<x, "y">, l = !quant.uniform<i8:f32, 1.0>, "q k" = {}, m = []}`},
		{"tail", "-> tensor<2xf32> attributes {a}"},
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
		{"tail", ""},
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

// compareParses parses src with and without the decoder.
func compareParses(t *testing.T, name string, src []byte) {
	t.Helper()
	fast, errFast := ParseFile("f.mlir", src, Options{})
	fastEnabled = false
	slow, errSlow := ParseFile("f.mlir", src, Options{})
	fastEnabled = true
	if (errFast == nil) != (errSlow == nil) || errFast != nil && errFast.Error() != errSlow.Error() {
		t.Fatalf("%s: errors differ: with the decoder %v, without %v", name, errFast, errSlow)
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
	compareLazy(t, name, src, slow, errSlow)
}

// compareLazy parses src with Options.Lazy and fails unless it gives the
// error want does, or the same file once its arguments are decoded again,
// in runs of one, of seven and all at once.
func compareLazy(t *testing.T, name string, src []byte, want *ast.File, wantErr error) {
	t.Helper()
	for _, batch := range []int{1, 7, 1 << 30} {
		lazy, err := ParseFile("f.mlir", src, Options{Lazy: 1})
		if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
			t.Fatalf("%s: errors differ: lazy %v, not %v", name, err, wantErr)
		}
		if err != nil {
			return
		}
		fn := lazy.Entry
		if fn.Lazy == nil && fn.LazyResults == nil {
			lazy.Lines = nil
			if !reflect.DeepEqual(lazy, want) {
				t.Fatalf("%s: lazy without spans differs: %s", name, diffNodes(lazy, want))
			}
			return
		}
		if fn.Lazy != nil {
			var args []*ast.Arg
			var buf ast.Buffer
			err = fn.EachArgs(&buf, src, 0, fn.NumArgs(), batch, func(first int, run []*ast.Arg) error {
				if first != len(args) {
					t.Fatalf("%s: a run starts at %d after %d arguments", name, first, len(args))
				}
				// A run's nodes are valid until the next: a deep copy of each.
				for _, a := range run {
					args = append(args, cloneValue(reflect.ValueOf(a)).Interface().(*ast.Arg))
				}
				return nil
			})
			if err != nil {
				t.Fatalf("%s: decoding again: %v", name, err)
			}
			fn.Lazy, fn.Args, fn.Sig.Args = nil, args, args
		}
		if lr := fn.LazyResults; lr != nil {
			var results []*ast.Result
			var buf ast.Buffer
			for i := 0; i < len(lr.Spans); i += batch {
				run, err := lr.Decode(&buf, src, i, min(i+batch, len(lr.Spans)))
				if err != nil {
					t.Fatalf("%s: decoding the results again: %v", name, err)
				}
				for _, r := range run {
					results = append(results, cloneValue(reflect.ValueOf(r)).Interface().(*ast.Result))
				}
			}
			fn.LazyResults, fn.Results, fn.Sig.Results.Results = nil, results, results
		}
		lazy.Lines = nil
		if !reflect.DeepEqual(lazy, want) {
			t.Fatalf("%s: lazy, runs of %d, differs: %s", name, batch, diffNodes(lazy, want))
		}
	}
}

// cloneValue is a deep copy of v, strings included.
func cloneValue(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		c := reflect.New(v.Type().Elem())
		c.Elem().Set(cloneValue(v.Elem()))
		return c
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		c := reflect.New(v.Type()).Elem()
		c.Set(cloneValue(v.Elem()))
		return c
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := 0; i < v.Len(); i++ {
			c.Index(i).Set(cloneValue(v.Index(i)))
		}
		return c
	case reflect.Struct:
		c := reflect.New(v.Type()).Elem()
		for i := 0; i < v.NumField(); i++ {
			c.Field(i).Set(cloneValue(v.Field(i)))
		}
		return c
	case reflect.String:
		return reflect.ValueOf(strings.Clone(v.String())).Convert(v.Type())
	}
	return v
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
// decoder gives the grammar's nodes, that a signature cut at any comma
// reads as it does whole, and that a whole module parses the same with
// and without the decoder.
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
		checkPieces(t, src, 0, len(src))
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

// checkPieces reads the signature src[start:end] whole with the decoder
// and then cut at every comma, and fails if a cut read is accepted with
// different nodes. It returns how many cuts were accepted.
func checkPieces(t *testing.T, src []byte, start, end int) int {
	t.Helper()
	s := &scanner{Input: arriving.Input{Src: src}, file: &ast.File{Name: "f.mlir"}}
	whole, ok := fastParse("sig", src, start, end, lexPos(s.pos(start)))
	if !ok {
		return 0
	}
	accepted := 0
	for c := start + 1; c < end; c++ {
		if src[c] != ',' {
			continue
		}
		s := &scanner{Input: arriving.Input{Src: src}, file: &ast.File{Name: "f.mlir"}}
		sig, ok := s.fastPiecesAt(start, end, []int{c})
		if !ok {
			continue
		}
		accepted++
		if !reflect.DeepEqual(sig, whole.Sig) {
			t.Fatalf("%q cut at %d: the pieces and the whole differ: %s", src[start:end], c, diffNodes(sig, whole.Sig))
		}
	}
	return accepted
}

// TestFastPieces cuts signatures at every comma, also where a comma stands
// inside a string, a location, a comment or a bracket, and checks that
// every accepted cut gives the nodes of the whole read.
func TestFastPieces(t *testing.T) {
	for _, tc := range []struct {
		sig  string
		cuts int // accepted cuts: the commas between arguments
	}{
		{`(%a: tensor<2xf32>, %b: i32) -> tensor<2xf32>`, 1},
		{"(%a: tensor<2xf32> {s = \"x, %b: i32\"},\n  %c: i32)", 1},
		{"(%a: tensor<2xf32> loc(\"a\"(#l), %b), %c: i32 {d = [1, 2]}, %e: i32)", 2},
		{"(%a: tensor<2xf32>, // , %b: i32\n  %c: i32) -> (i32, i32) attributes {x = 1, y}", 1},
		{"(%a: tensor<2xf32> // , %b: i32\n , %c: i32)", 1},
		{"(%a: tensor<2x3xf32, #enc<a, %b>>, %c: !d.t<1, %x>, %e: tuple<i32, f32>)", 2},
		{"(%a: tensor<2xf32>,\n\t%b: tensor<?x3xbf16> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>})", 1},
		// Arguments without names, more in a piece than the room its '%'
		// make for them in the joined list.
		{"(tensor<2xf32>, i32, tensor<3xi8>)", 2},
		{"(%a: i32, i32, i32, %b: f32, f32)", 4},
		// A first piece over its room, a second with room to spare (its
		// '%' in a string): the first must not be moved over the second.
		{"(%a: i32, i32, i32, %b: f32 {s = \"%%%%%%\"}, %c: f32)", 4},
	} {
		src := []byte("func.func @main" + tc.sig + " {\n}\n")
		start := len("func.func @main")
		end := start + len(tc.sig)
		if got := checkPieces(t, src, start, end); got != tc.cuts {
			t.Errorf("%q: %d cuts accepted, want %d", tc.sig, got, tc.cuts)
		}
	}
}

// TestFastPiecesModule reads a generated signature of 3000 parameters in
// pieces, through ParseFile, and compares it with the grammar's.
func TestFastPiecesModule(t *testing.T) {
	var b bytes.Buffer
	if _, err := gen.Write(&b, gen.Options{Params: 3000, Seed: 5, ConstBytes: 64}); err != nil {
		t.Fatal(err)
	}
	src := b.Bytes()
	f, err := ParseFile("f.mlir", src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	sig := f.Entry.Sig
	s := &scanner{Input: arriving.Input{Src: src}, file: &ast.File{Name: "f.mlir"}}
	c := argComma(src, (sig.Pos.Offset+sig.EndPos.Offset)/2, sig.EndPos.Offset)
	if c < 0 || sig.EndPos.Offset-sig.Pos.Offset < 2*pieceBytes {
		t.Fatalf("the signature (%d bytes) is too short to be cut", sig.EndPos.Offset-sig.Pos.Offset)
	}
	pieces, ok := s.fastPiecesAt(sig.Pos.Offset, sig.EndPos.Offset, []int{c})
	if !ok {
		t.Fatal("the decoder did not read the pieces")
	}
	if !reflect.DeepEqual(pieces, sig) {
		t.Fatalf("pieces and the whole differ: %s", diffNodes(pieces, sig))
	}
	compareParses(t, "3000 parameters", src)
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
// that fail at its start, inside it and at its end: the grammar reads only
// that argument and the next, and must report what it reports reading
// the whole list (compareParses runs it without the decoder).
func TestMalformedArgument(t *testing.T) {
	var b bytes.Buffer
	if _, err := gen.Write(&b, gen.Options{Params: 3000, Seed: 1, ConstBytes: 64}); err != nil {
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
		{`%arg2999: tensor<`, `%arg2999: !t.x<a>, %y: tensor<`},
		{`"param_1500"(#loc0))`, `"param_1500"(#loc0)) loc(#loc0)`},
		{`%arg1501: `, `%arg1501: i32 {k = [1, 2, }, %z: `},
	} {
		// Also at the arguments around it: where a batch of the
		// grammar begins (1500 with 3000 arguments and two processors),
		// and inside one.
		for _, n := range []string{"1500", "1501", "1737", "0"} {
			o, w := strings.ReplaceAll(tc.old, "1500", n), strings.ReplaceAll(tc.new, "1500", n)
			i := strings.Index(src, o)
			if i < 0 {
				if n == "1500" {
					t.Fatalf("%q is not in the module", o)
				}
				continue
			}
			bad := src[:i] + w + src[i+len(o):]
			compareParses(t, w, []byte(bad))
		}
	}
}

// TestArgComma compares argComma with the forward search it replaces, on
// random texts of commas, blanks, '%' and other bytes.
func TestArgComma(t *testing.T) {
	forward := func(src []byte, i, end int) int {
		for c := i; c < end; c++ {
			if src[c] != ',' {
				continue
			}
			j := c + 1
			for j < end && isSpace(src[j]) {
				j++
			}
			if j < end && src[j] == '%' {
				return c
			}
		}
		return -1
	}
	r := rand.New(rand.NewPCG(7, 8))
	for range 20000 {
		src := make([]byte, r.IntN(24))
		for k := range src {
			src[k] = ", %\n1"[r.IntN(5)]
		}
		i, end := 0, len(src)
		if end > 0 {
			i = r.IntN(end)
			end = i + r.IntN(len(src)-i+1)
		}
		if got, want := argComma(src, i, end), forward(src, i, end); got != want {
			t.Fatalf("%q [%d:%d]: %d, want %d", src, i, end, got, want)
		}
	}
}

// TestLazyFrom: a signature keeps its arguments' spans from Options.Lazy
// arguments on, and its nodes below it or without the option.
func TestLazyFrom(t *testing.T) {
	src := []byte("func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>, %c: i32) -> (tensor<2xf32>, i32) {\n  return\n}\n")
	for _, tt := range []struct {
		lazy int
		kept bool
	}{{0, true}, {4, true}, {3, false}, {1, false}} {
		f, err := ParseFile("f.mlir", src, Options{Lazy: tt.lazy})
		if err != nil {
			t.Fatal(err)
		}
		fn := f.Entry
		if kept := fn.Lazy == nil && fn.LazyResults == nil && len(fn.Args) == 3 && len(fn.Results) == 2; kept != tt.kept {
			t.Errorf("Lazy %d: nodes kept %v, want %v", tt.lazy, kept, tt.kept)
		}
		if fn.NumArgs() != 3 || fn.NumResults() != 2 {
			t.Errorf("Lazy %d: %d arguments and %d results, want 3 and 2", tt.lazy, fn.NumArgs(), fn.NumResults())
		}
	}
}

// TestReleasedBufferReused: a buffer released hands its decoder to the
// next buffer that decodes, which decodes the same nodes as a fresh one.
func TestReleasedBufferReused(t *testing.T) {
	src := []byte("func.func @main(%a: tensor<2xf32> {jax.buffer_donor = true}, %b: tensor<2xf32>, %c: i32 {mhlo.sharding = \"{replicated}\"}) -> (tensor<2xf32>, i32) {\n  return\n}\n")
	f, err := ParseFile("f.mlir", src, Options{Lazy: 1})
	if err != nil {
		t.Fatal(err)
	}
	lazy := f.Entry.Lazy
	var fresh ast.Buffer
	want, err := lazy.Decode(&fresh, src, 0, 3)
	if err != nil {
		t.Fatal(err)
	}
	var a ast.Buffer
	if _, err := lazy.Decode(&a, src, 1, 3); err != nil {
		t.Fatal(err)
	}
	d := a.State
	a.Release()
	if a.State != nil {
		t.Fatal("a released buffer keeps its state")
	}
	var b ast.Buffer
	got, err := lazy.Decode(&b, src, 0, 3)
	if err != nil {
		t.Fatal(err)
	}
	if b.State != d {
		t.Error("the next buffer did not take the released decoder")
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("decoded with a released decoder:\n%+v\nwant\n%+v", got, want)
	}
}
