package parser

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// dropValues is a ValueReader that keeps nothing.
type dropValues struct{}

func (dropValues) Begin(*ast.File, int)    {}
func (dropValues) Result(int, *ast.Result) {}
func (dropValues) Arg(int, *ast.Arg)       {}
func (dropValues) Abandon()                {}

// TestRereadJumpsSkipped: an argument decoded again (ast.Func.Rereader)
// steps over the skipped values of jumpBytes or more that the first
// decoding read, by their spans: their text is not read a second time
// (here it is broken after the first decoding, and the second still
// decodes), while a shorter one is read again (broken, it fails).
func TestRereadJumpsSkipped(t *testing.T) {
	elems := jumpBytes / 5
	for _, c := range []struct {
		name, value string
		jumps       bool
	}{
		{"dense", "dense<[" + strings.Repeat("1.5, ", elems) + "1.5]> : tensor<" + itoa(elems+1) + "xf32>", true},
		{"dictionary", "{" + keys(elems/3) + "z = 1}", true},
		{"array of arrays", "[" + strings.Repeat("[1.5], ", elems) + "[2]]", true},
		{"short dictionary", "{k = {a = [1, 2]}, z = 1}", false},
	} {
		src := []byte("func.func @main(%arg0: tensor<4xf32> {jax.buffer_donor = true, zoo.v = " + c.value + "}, %arg1: tensor<4xf32>) -> tensor<4xf32> {\n  return %arg1 : tensor<4xf32>\n}\n")
		f, err := ParseFile("f.mlir", src, Options{Values: dropValues{}})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		fn := f.Entry
		if fn.Args != nil || len(fn.ArgSpans) != 2 {
			t.Fatalf("%s: the arguments were not streamed", c.name)
		}
		at := bytes.Index(src, []byte("zoo.v = ")) + len("zoo.v = ")
		mid := at + len(c.value)/2
		for src[mid] == ' ' || src[mid] == ',' {
			mid++
		}
		src[mid] = '%' // broken: a reread that reads it fails
		a, err := fn.Rereader()(fn.ArgSpans[0])
		if !c.jumps {
			if err == nil {
				t.Errorf("%s: decoded again over broken text", c.name)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		v := a.Attrs.Lookup("zoo.v")
		if v == nil || v.Value == nil || v.Value.Pos.Offset != at || v.Value.EndPos.Offset != at+len(c.value) {
			t.Errorf("%s: the value decoded again is %+v, want the span %d-%d", c.name, v, at, at+len(c.value))
		}
		if a.Attrs.Lookup("jax.buffer_donor") == nil || a.EndPos.Offset != fn.ArgSpans[0].EndPos.Offset {
			t.Errorf("%s: the argument decoded again differs: %+v", c.name, a)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// keys is n entries of distinct keys, each with a comma.
func keys(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString("k" + itoa(i) + " = {a = [1, 2]}, ")
	}
	return b.String()
}

// TestFrontendAttributesKeptInPart: of mhlo.frontend_attributes, a
// dictionary the tool reads one key of, the decoder keeps that key's
// entry alone, as ast.DropUnread has the grammar's tree do, and reads it
// whole when another key is written twice.
func TestFrontendAttributesKeptInPart(t *testing.T) {
	for _, fa := range []string{
		`{neff_input_names = "input0", a = 1, b = {c = [1, 2]}, d = "x"}`,
		`{a = 1, neff_input_names = "input0"}`,
		`{a = 1, b = 2}`,
		`{}`,
		`{a = 1, a = 2, neff_input_names = "input0"}`,
		`{a = {x = 1, x = 2}, neff_input_names = "input0"}`,
		`{neff_input_names = "input0", neff_input_names = "input1"}`,
		`{a = 1, neff_input_names = "input0"` + strings.Repeat(`, k = [1.5, 2.5]`, 1) + `}`,
	} {
		src := []byte("func.func @main(%arg0: tensor<4xf32> {mhlo.frontend_attributes = " + fa + ", jax.buffer_donor = true}) -> tensor<4xf32> {\n  return %arg0 : tensor<4xf32>\n}\n")
		compareParses(t, fa, src)
		f, err := ParseFile("f.mlir", src, Options{})
		if err != nil {
			continue
		}
		v := f.Entry.Args[0].Attrs.Lookup("mhlo.frontend_attributes").Value.AsDict()
		for _, e := range v.Entries {
			if e.Name() != "neff_input_names" && !strings.Contains(fa, e.Name()+" = 1, "+e.Name()) && !strings.Contains(fa, "x = 1, x") {
				t.Errorf("%s: the entry %s is kept", fa, e.Name())
			}
		}
	}
}
