package parser

import (
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// TestUnreadArrayErrors checks that an error in or after a long array of
// scalars, which the grammar reads with the array's inside cut out, is
// the grammar's error over the whole text, at the same position.
func TestUnreadArrayErrors(t *testing.T) {
	pos := ast.Pos{Filename: "f.mlir", Line: 2, Column: 7}
	for _, tail := range []string{"]", "1 1]", "1 : i32]", ")", "1 2, 3]", "x]", ",]", "1]}, %b: i32 {x = [1, 1,]", "1]}, %b: i32 {x = [" + strings.Repeat("2, ", 500) + "]"} {
		for _, n := range []int{0, 1, 2, 3, 4, 1000} {
			for _, sep := range []string{", ", ",\n  "} {
				src := []byte("(%arg0: tensor<2xf32> {foo = [" + strings.Repeat("1"+sep, n) + tail + "})")
				_, want := grammarParse("sig", src, 0, len(src), pos)
				_, got := parseSpan("sig", src, 0, len(src), pos)
				if (want == nil) != (got == nil) || want != nil && want.Error() != got.Error() {
					t.Errorf("%d elements, then %q: the grammar says %v, the cut text %v", n, tail, want, got)
				}
			}
		}
	}
}

// TestUnreadArrayAllocations checks that an array of scalars costs
// nothing in proportion to its length, valid or with an error at its end.
func TestUnreadArrayAllocations(t *testing.T) {
	for _, tail := range []string{"1]", "1, ]"} {
		allocs := func(n int) float64 {
			src := []byte("(%arg0: tensor<2xf32> {foo = [" + strings.Repeat("1, ", n) + tail + ", mhlo.sharding = \"{replicated}\"})")
			pos := ast.Pos{Filename: "f.mlir", Line: 1, Column: 1}
			return testing.AllocsPerRun(3, func() { parseSpan("sig", src, 0, len(src), pos) })
		}
		small, large := allocs(1000), allocs(100000)
		if large > small+8 {
			t.Errorf("array ending %q: %.0f allocations at 100000 elements, %.0f at 1000", tail, large, small)
		}
	}
}

// TestUnreadDenseAllocations checks that a long dense literal costs
// nothing in proportion to its length, valid or with an error at its end.
func TestUnreadDenseAllocations(t *testing.T) {
	for _, tail := range []string{"1.5]", "1.5 %%]"} {
		allocs := func(n int) float64 {
			src := []byte("(%arg0: tensor<2xf32> {foo = dense<[" + strings.Repeat("1.5, ", n) + tail + "> : tensor<10xf32>})")
			pos := ast.Pos{Filename: "f.mlir", Line: 1, Column: 1}
			return testing.AllocsPerRun(3, func() { parseSpan("sig", src, 0, len(src), pos) })
		}
		small, large := allocs(1000), allocs(100000)
		if large > small+8 {
			t.Errorf("dense ending %q: %.0f allocations at 100000 elements, %.0f at 1000", tail, large, small)
		}
	}
}

// TestUnreadString checks that a long string value is kept as its span
// alone, by the decoder and the grammar alike, and a short one as its
// text.
func TestUnreadString(t *testing.T) {
	for _, n := range []int{ast.UnreadStringBytes - 3, ast.UnreadStringBytes - 2, 1 << 20} {
		value := `"` + strings.Repeat("x", n) + `"`
		src := []byte("func.func @main(%arg0: tensor<2xf32> {jax.arg_info = " + value + ", jax.buffer_donor = true}) {\n  return\n}\n")
		compareParses(t, "a string of "+value[:8], src)
		f, err := ParseFile("f.mlir", src, Options{})
		if err != nil {
			t.Fatal(err)
		}
		v := f.Entry.Args[0].Attrs.Lookup("jax.arg_info").Value
		if got := string(src[v.Pos.Offset:v.EndPos.Offset]); got != value {
			t.Fatalf("%d bytes: the value's span holds %.20q", len(value), got)
		}
		if unread := len(value) >= ast.UnreadStringBytes; v.Unread() != unread || v.Kind != ast.KindString {
			t.Errorf("%d bytes: Unread() = %v, kind %d; want %v, a string", len(value), v.Unread(), v.Kind, unread)
		}
		if !v.Unread() && v.Str() != value {
			t.Errorf("%d bytes: Str() = %.20q", len(value), v.Str())
		}
	}
}

// TestUnreadStringBytes checks that the bytes a parse allocates do not
// grow with a string value's length, valid or with an error after it.
func TestUnreadStringBytes(t *testing.T) {
	for _, tail := range []string{"", " x"} {
		allocated := func(n int) uint64 {
			src := []byte("(%arg0: tensor<2xf32> {foo = \"" + strings.Repeat("x", n) + "\"" + tail + ", mhlo.sharding = \"{replicated}\"})")
			pos := ast.Pos{Filename: "f.mlir", Line: 1, Column: 1}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, err := parseSpan("sig", src, 0, len(src), pos)
			runtime.ReadMemStats(&after)
			if (err != nil) != (tail != "") {
				t.Fatalf("tail %q: %v", tail, err)
			}
			return after.TotalAlloc - before.TotalAlloc
		}
		small, large := allocated(1<<20), allocated(8<<20)
		if large > small+64<<10 {
			t.Errorf("tail %q: a parse allocates %d bytes with a string of 8 MB, %d with one of 1 MB", tail, large, small)
		}
	}
}

// TestUnreadStringErrors checks that an error after a long string, which
// the grammar reads with the string's inside cut out, is the grammar's
// error over the whole text, at the same position.
func TestUnreadStringErrors(t *testing.T) {
	pos := ast.Pos{Filename: "f.mlir", Line: 2, Column: 7}
	for _, tail := range []string{"", " x", " : i32", " : i32 x", ", b", ", b = ", ", = 1", " \"s\"", "}, %b: i32 {c = \"" + strings.Repeat("y", 3000) + "\" 1", ", c = [\"" + strings.Repeat("z", 2000) + "\", 1 2]"} {
		for _, n := range []int{0, 1 << 10, 4 << 10} {
			src := []byte("(%arg0: tensor<2xf32> {foo = \"" + strings.Repeat("x\\n", n) + "\"" + tail + "})")
			_, want := grammarParse("sig", src, 0, len(src), pos)
			_, got := parseSpan("sig", src, 0, len(src), pos)
			if (want == nil) != (got == nil) || want != nil && want.Error() != got.Error() {
				t.Errorf("%d bytes, then %q: the grammar says %v, the cut text %v", n, tail, want, got)
			}
		}
	}
}

// TestUnreadHash checks that a dialect attribute the tool does not read
// is kept as its span alone, by the decoder and the grammar alike;
// that the bytes a parse allocates do not grow with its length, valid or
// with an error after it; and that such an error is the grammar's over
// the whole text.
func TestUnreadHash(t *testing.T) {
	value := func(n int) string { return "#d.a<" + strings.Repeat("[1, {2}], ", n) + "x>" }
	for _, n := range []int{1, 101, 1000} {
		v := value(n)
		src := []byte("func.func @main(%arg0: tensor<2xf32> {foo = " + v + ", jax.buffer_donor = true}) {\n  return\n}\n")
		compareParses(t, "a dialect attribute of "+strconv.Itoa(len(v))+" bytes", src)
		f, err := ParseFile("f.mlir", src, Options{})
		if err != nil {
			t.Fatal(err)
		}
		a := f.Entry.Args[0].Attrs.Lookup("foo").Value
		if got := string(src[a.Pos.Offset:a.EndPos.Offset]); got != v {
			t.Fatalf("%d bytes: the value's span holds %.20q", len(v), got)
		}
		if a.Kind != ast.KindHash || !a.Skipped() {
			t.Errorf("%d bytes: kind %v, node %+v; want a dialect attribute kept as its span alone", len(v), a.Kind, a.Node)
		}
	}
	pos := ast.Pos{Filename: "f.mlir", Line: 1, Column: 1}
	for _, tail := range []string{"", " x", " : i32 x", ", b = "} {
		allocated := func(n int) uint64 {
			src := []byte("(%arg0: tensor<2xf32> {foo = " + value(n) + tail + ", mhlo.sharding = \"{replicated}\"})")
			_, want := grammarParse("sig", src, 0, len(src), pos)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, got := parseSpan("sig", src, 0, len(src), pos)
			runtime.ReadMemStats(&after)
			if (want == nil) != (got == nil) || want != nil && want.Error() != got.Error() {
				t.Fatalf("tail %q: the grammar says %v, the cut text %v", tail, want, got)
			}
			return after.TotalAlloc - before.TotalAlloc
		}
		small, large := allocated(100000), allocated(800000)
		if large > small+64<<10 {
			t.Errorf("tail %q: a parse allocates %d bytes with 8 MB of attribute, %d with 1 MB", tail, large, small)
		}
	}
}

// TestSkippedValues checks that a dictionary or array value of a key the
// tool does not read, in a top-level dictionary, is kept as its span
// alone, by the decoder and the grammar alike, one with a key twice inside
// with that key's second writing (Twice); one the tool reads keeps its
// nodes.
func TestSkippedValues(t *testing.T) {
	src := []byte("module attributes {big = {a = [1, {b = 2}], c = \"s\"}, dup = [{x, y, x}], mhlo.input_output_alias = [], n = 3} {\n" +
		"  func.func @main(%arg0: tensor<2xf32> {x = [[1], {y}], mhlo.frontend_attributes = {z = \"1\"}}) -> tensor<2xf32> {\n    return %arg0 : tensor<2xf32>\n  }\n}\n")
	compareParses(t, "skipped values", src)
	f, err := ParseFile("f.mlir", src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		d       *ast.AttrDict
		key     string
		skipped bool
		text    string
		twice   string // the text after the key written twice
	}{
		{f.Module.Attrs, "big", true, `{a = [1, {b = 2}], c = "s"}`, ""},
		{f.Module.Attrs, "dup", true, `[{x, y, x}]`, "x}]"},
		{f.Module.Attrs, "mhlo.input_output_alias", false, `[]`, ""},
		{f.Entry.Args[0].Attrs, "x", true, `[[1], {y}]`, ""},
		{f.Entry.Args[0].Attrs, "mhlo.frontend_attributes", false, `{z = "1"}`, ""},
	} {
		v := tt.d.Lookup(tt.key).Value
		if v.Skipped() != tt.skipped || string(src[v.Pos.Offset:v.EndPos.Offset]) != tt.text {
			t.Errorf("%s: skipped %v, span %q; want %v, %q", tt.key, v.Skipped(), src[v.Pos.Offset:v.EndPos.Offset], tt.skipped, tt.text)
		}
		switch {
		case (v.Twice != nil) != (tt.twice != ""):
			t.Errorf("%s: Twice %+v, want one at %q", tt.key, v.Twice, tt.twice)
		case v.Twice != nil && (v.Twice.Name != "x" || !strings.HasPrefix(string(src[v.Twice.Pos.Offset:]), tt.twice)):
			t.Errorf("%s: Twice %q at %q, want x at %q", tt.key, v.Twice.Name, src[v.Twice.Pos.Offset:][:3], tt.twice)
		}
	}
	if v := f.Module.Attrs.Lookup("n").Value; v != ast.Unkept {
		t.Errorf("n: %+v, want ast.Unkept", v)
	}
}

// TestSkippedValueBytes checks that the bytes a parse keeps do not grow
// with the size of a value skipped, valid or with an error at its end.
func TestSkippedValueBytes(t *testing.T) {
	for _, tail := range []string{"}", " %% }"} {
		kept := func(n int) float64 {
			var b strings.Builder
			b.WriteString("{big = {")
			for i := 0; i < n; i++ {
				if i > 0 {
					b.WriteString(", ")
				}
				b.WriteString("k" + strconv.Itoa(i) + ` = {a = 1 : i32, b = "s", c = [1, 2]}`)
			}
			b.WriteString(tail + ", n = 1}")
			src := []byte(b.String())
			pos := ast.Pos{Filename: "f.mlir", Line: 1, Column: 1}
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			r, _ := parseSpan("dict", src, 0, len(src), pos)
			runtime.GC()
			runtime.ReadMemStats(&after)
			runtime.KeepAlive(r)
			return float64(after.HeapAlloc) - float64(before.HeapAlloc)
		}
		small, large := kept(1000), kept(100000)
		if large > small+1<<20 {
			t.Errorf("value ending %q: %.0f bytes kept at 100000 entries, %.0f at 1000", tail, large, small)
		}
	}
}
