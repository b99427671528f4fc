package lower

import (
	"strconv"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/parser"
)

// TestUnreadArraysRead checks that a long array of scalars, which the
// parser keeps as its span, is an error where the tool reads an array,
// not an empty one.
func TestUnreadArraysRead(t *testing.T) {
	long := "[" + strings.Repeat("1, ", 600) + "1]"
	for _, src := range []string{
		"module attributes {mhlo.input_output_alias = " + long + "} {\n func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n  return %a : tensor<2xf32>\n }\n}\n",
		"module attributes {mhlo.input_output_alias = [{alias = {kind = \"may_alias\", parameter_index = array<i64>}, output = {output_index = " + long + "}, parameter_number = 0}]} {\n func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n  return %a : tensor<2xf32>\n }\n}\n",
	} {
		f, err := parser.ParseFile("m.mlir", []byte(src), parser.Options{})
		if err != nil {
			continue // an error either way
		}
		if _, diags := Lower(f, []byte(src), Options{}); !diags.HasErrors() {
			t.Errorf("no error for %.100q", src)
		}
	}
}

// TestUnreadStringsRead checks that a long string the tool reads, which
// the parser keeps as its span, is read from the input: a layout of a
// rank-400 tensor.
func TestUnreadStringsRead(t *testing.T) {
	const rank = 400
	dims := strings.Repeat("1x", rank)
	var layout []string
	for i := 0; i < rank; i++ {
		layout = append(layout, strconv.Itoa(i)) // ascending: not the default
	}
	mode := `"{` + strings.Join(layout, ",") + `}"`
	if len(mode) < ast.UnreadStringBytes {
		t.Fatalf("the layout string is %d bytes, not a long one", len(mode))
	}
	src := "func.func @main(%a: tensor<" + dims + "f32> {mhlo.layout_mode = " + mode + "}) -> tensor<2xf32> {\n  return %a : tensor<2xf32>\n}\n"
	f, err := parser.ParseFile("m.mlir", []byte(src), parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if v := f.Entry.Args[0].Attrs.Lookup("mhlo.layout_mode").Value; !v.Unread() {
		t.Fatalf("the layout string is not kept as its span")
	}
	cfg, diags := Lower(f, []byte(src), Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	got := cfg.Params[0].MinorToMajor
	if len(got) != rank || got[0] != 0 || got[rank-1] != rank-1 {
		t.Errorf("layout %v, want 0 to %d ascending", got, rank-1)
	}
}
