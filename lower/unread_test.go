package lower

import (
	"strings"
	"testing"

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
