package lower

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/parser"
)

// TestMalformedBuiltinTypes checks that a tensor or tuple type the grammar
// could not read is an error, not an opaque leaf: MLIR rejects them.
func TestMalformedBuiltinTypes(t *testing.T) {
	tests := []struct{ typ, want string }{
		{"tensor<-1xf32>", "t.mlir:2:23: error: invalid tensor type"},
		{"tensor<1.5xf32>", "t.mlir:2:23: error: invalid tensor type"},
		{"tensor", "t.mlir:2:23: error: invalid tensor type"},
		{"tuple<-1>", "t.mlir:2:23: error: invalid tuple type"},
		{"tuple<tensor<-1xf32>>", "t.mlir:2:29: error: invalid tensor type"},
	}
	for _, tt := range tests {
		t.Run(tt.typ, func(t *testing.T) {
			_, diags := lowerText(t, fn("%a: "+tt.typ, "tensor<2xf32>"), Options{})
			if !strings.Contains(diags.Error(), tt.want) {
				t.Errorf("got %v\nwant %s", diags, tt.want)
			}
		})
	}
	// Types XLA does not model stay opaque leaves.
	for _, typ := range []string{"tensor<*xf32>", "tensor<2xindex>", "memref<2xf32>", "!quant.uniform<i8:f32, 1.0>", "vector<4xf32>"} {
		if _, diags := lowerText(t, fn("%a: "+typ, "tensor<2xf32>"), Options{}); diags.HasErrors() {
			t.Errorf("%s: %v", typ, diags)
		}
	}
}

// TestTensorMemo checks that a tensor type spelled many times is converted
// once and that every argument gets its own copy of the shape. Static
// tensors of builtin types are read without the memo, which costs more
// than reading them.
func TestTensorMemo(t *testing.T) {
	src := fn(`%a: tensor<?x3xf32> {mhlo.layout_mode = "{0,1}"}, %b: tensor<?x3xf32>, %c: tensor<?x3xf32>, %d: tensor<?xi8>, %e: tensor<2x3xf32, #enc>, %f: tensor<2x3xf32>, %g: tensor<2x3xf32>`, "tensor<2x3xf32>")
	f, err := parser.ParseFile("t.mlir", []byte(src), parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	l := &lowerer{file: f, src: []byte(src), lines: ast.NewCursor(f.Lines)}
	if err := l.duplicateKeys(); err != nil {
		t.Fatal(err)
	}
	if err := l.shapes(); err != nil {
		t.Fatal(err)
	}
	if len(l.tensors) != 2 {
		t.Errorf("%d tensor types remembered, want 2 (tensor<?x3xf32> and tensor<?xi8>)", len(l.tensors))
	}
	for _, p := range [][2]int{{1, 2}, {5, 6}} {
		a, b := l.args[p[0]], l.args[p[1]]
		if &a.Dims[0] == &b.Dims[0] || &a.MinorToMajor[0] == &b.MinorToMajor[0] {
			t.Errorf("arguments %d and %d share a shape's slices", p[0], p[1])
		}
	}
	cfg, diags := Lower(f, []byte(src), Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	want := []string{"f32[?,3]{0,1}", "f32[?,3]{1,0}", "f32[?,3]{1,0}", "s8[?]{0}", "opaque[]", "f32[2,3]{1,0}", "f32[2,3]{1,0}"}
	for i, w := range want {
		if got := cfg.Params[i].StringWithLayout(); got != w {
			t.Errorf("parameter %d is %s, want %s", i, got, w)
		}
	}
}

// TestDims checks the dimension list's sizes and dynamic flags.
func TestDims(t *testing.T) {
	tests := []struct {
		typ     string
		dims    []int64
		dynamic []bool
	}{
		{"tensor<f32>", nil, nil},
		{"tensor<7xf32>", []int64{7}, nil},
		{"tensor<?x3x?xf32>", []int64{model.UnboundedSize, 3, model.UnboundedSize}, []bool{true, false, true}},
		{"tensor<2 x ?x 0xi8>", []int64{2, model.UnboundedSize, 0}, []bool{false, true, false}},
	}
	for _, tt := range tests {
		cfg, diags := lowerText(t, fn("%a: "+tt.typ, "tensor<2xf32>"), Options{})
		if diags.HasErrors() {
			t.Fatalf("%s: %v", tt.typ, diags)
		}
		p := cfg.Params[0]
		if !reflect.DeepEqual(p.Dims, tt.dims) || !reflect.DeepEqual(p.Dynamic(), tt.dynamic) {
			t.Errorf("%s: dims %v dynamic %v, want %v %v", tt.typ, p.Dims, p.Dynamic(), tt.dims, tt.dynamic)
		}
	}
	_, diags := lowerText(t, fn("%a: tensor<99999999999999999999x2xf32>", "tensor<2xf32>"), Options{})
	if want := "t.mlir:2:23: error: dimension size 99999999999999999999 does not fit in 64 bits"; !strings.Contains(diags.Error(), want) {
		t.Errorf("got %v, want %s", diags, want)
	}
}

// TestStaticTensor checks that the fast conversion of static tensor types
// gives convertTensor's shapes exactly, and leaves every other spelling to
// it.
func TestStaticTensor(t *testing.T) {
	tests := []struct {
		typ  string
		fast bool
	}{
		{"tensor<f32>", true},
		{"tensor<7xf32>", true},
		{"tensor<0x1x2x3x4xbf16>", true},
		{"tensor<007x2xi1>", true},
		{"tensor<4611686018427387904x2xf32>", true},
		{"tensor<9223372036854775807xf32>", false},
		{"tensor<?x3xf32>", false},
		{"tensor<2 x 3xf32>", false},
		{"tensor<*xf32>", false},
		{"tensor<2xindex>", false},
		{"tensor<2xcomplex<f32>>", false},
		{"tensor<2x3xf8E4M3FN>", true},
	}
	for _, tt := range tests {
		src := fn("%a: "+tt.typ, "tensor<2xf32>")
		f, err := parser.ParseFile("t.mlir", []byte(src), parser.Options{})
		if err != nil {
			t.Fatalf("%s: %v", tt.typ, err)
		}
		l := &lowerer{file: f, src: []byte(src)}
		typ := f.Entry.Args[0].Type
		if typ.Node == ast.Plain {
			typ = l.expandPlain(typ)
		}
		dims := typ.AsTensor().Dims
		fast, ok := l.staticTensor([]byte(dims), []byte(typ.AsTensor().Elem.AsNamed().Name), strings.Count(dims, "x"))
		if ok != tt.fast {
			t.Errorf("%s: fast path %v, want %v", tt.typ, ok, tt.fast)
		}
		slow, err := l.convertTensor(typ, 0)
		if ok && (err != nil || !reflect.DeepEqual(fast, slow)) {
			t.Errorf("%s: fast %#v, convertTensor %#v (%v)", tt.typ, fast, slow, err)
		}
	}
}

// TestTypeAliasLeaves checks that a chain of type aliases doubling at
// each step is rejected at its use, quickly, when it names more leaves
// than the file can justify, and accepted below the limit.
func TestTypeAliasLeaves(t *testing.T) {
	chain := func(n int) string {
		var b strings.Builder
		b.WriteString("!t0 = tensor<2xf32>\n")
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "!t%d = tuple<!t%d, !t%d>\n", i, i-1, i-1)
		}
		return b.String()
	}
	for _, tt := range []struct {
		n         int
		arg, res  string
		want      string
		wantLimit bool
	}{
		{40, "!t40", "tensor<2xf32>", "argument 0 has 1099511627776 leaves; at most ", true},
		{40, "tensor<2xf32>", "!t40", "result 0 has 1099511627776 leaves; at most ", true},
		{62, "!t62", "tensor<2xf32>", "argument 0 has 4611686018427387904 leaves", true},
		{63, "!t63", "tensor<2xf32>", "argument 0 has 9223372036854775807 leaves", true},
		{8, "!t8", "!t8", "", false},
	} {
		src := chain(tt.n) + fn("%a: "+tt.arg, tt.res)
		start := time.Now()
		_, diags := lowerText(t, src, Options{})
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("N=%d: %v", tt.n, d)
		}
		if !tt.wantLimit {
			if diags.HasErrors() {
				t.Errorf("N=%d: %v", tt.n, diags)
			}
			continue
		}
		if !strings.Contains(diags.Error(), tt.want) || len(diags.Error()) > 1024 {
			t.Errorf("N=%d: got %v\nwant %s", tt.n, diags, tt.want)
		}
	}
	// Of empty tuples the chain has no leaves at all, but its index tree
	// has a node for each tuple: the shapes are counted, not the leaves.
	src := strings.Replace(chain(40), "!t0 = tensor<2xf32>", "!t0 = tuple<>", 1) + fn("%a: tensor<2xf32>", "!t40")
	if _, diags := lowerText(t, src, Options{}); !strings.Contains(diags.Error(), "result 0 is made of 2199023255551 shapes") {
		t.Errorf("a chain of empty tuples: got %v", diags)
	}
}

// TestLongLayoutMode checks that an mhlo.layout_mode string of megabytes
// is an error at its entry whose message stays short, and that one of a
// few kilobytes is still read (here: too many dimensions for the rank).
func TestLongLayoutMode(t *testing.T) {
	for _, tt := range []struct {
		n    int
		want string
	}{
		{1 << 20, "t.mlir:2:40: error: mhlo.layout_mode is a string of 1048581 bytes"},
		{2 << 10, "t.mlir:2:40: error: layout {0,0,0,0,0,0,"},
	} {
		mode := "{" + strings.Repeat("0,", tt.n/2) + "1}"
		_, diags := lowerText(t, fn(`%a: tensor<2x3xf32> {mhlo.layout_mode = "`+mode+`"}`, "tensor<2xf32>"), Options{})
		if msg := diags.Error(); !strings.HasPrefix(msg, tt.want) || len(msg) > 1024 {
			t.Errorf("%d bytes: got %d bytes %.300s\nwant %s", len(mode), len(msg), msg, tt.want)
		}
	}
}

// TestTuplesSpelledAlikeAreIndependent checks that arguments whose tuple
// types are spelled alike, which share their elements, still get the
// layout and memory space of their own attributes, in any order: each is
// the shape the argument has when it is the only one.
func TestTuplesSpelledAlikeAreIndependent(t *testing.T) {
	const tup = "tuple<tensor<2x3xf32>, tensor<4xf32>>"
	args := []string{
		"%a0: " + tup,
		"%a1: " + tup + ` {mhlo.layout_mode = "auto"}`,
		"%a2: " + tup + ` {mhlo.memory_kind = "pinned_host"}`,
		"%a3: " + tup + ` {mhlo.layout_mode = "default"}`,
		"%a4: " + tup,
	}
	alone := make([]string, len(args))
	for i, a := range args {
		c, diags := lowerText(t, fn(a, tup), Options{})
		if diags.HasErrors() {
			t.Fatalf("%s: %v", a, diags)
		}
		alone[i] = c.Params[0].StringWithLayout()
	}
	if alone[1] == alone[0] || alone[2] == alone[0] {
		t.Fatalf("the attributes change nothing: %q", alone)
	}
	for _, order := range [][]int{{0, 1, 2, 3, 4}, {4, 3, 2, 1, 0}, {1, 2, 3, 0, 4}, {2, 1, 0, 4, 3}} {
		var sig []string
		for _, i := range order {
			sig = append(sig, args[i])
		}
		c, diags := lowerText(t, fn(strings.Join(sig, ", "), tup), Options{})
		if diags.HasErrors() {
			t.Fatalf("order %v: %v", order, diags)
		}
		for k, i := range order {
			if got := c.Params[k].StringWithLayout(); got != alone[i] {
				t.Errorf("order %v: argument %d (%s) is %s, alone %s", order, k, args[i], got, alone[i])
			}
		}
	}
}
