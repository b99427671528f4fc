package printer_test

import (
	"testing"

	"github.com/mhlo-alias/mhlo-alias/edit"
	"github.com/mhlo-alias/mhlo-alias/lower"
	"github.com/mhlo-alias/mhlo-alias/printer"
)

// TestModuleAttributesAdded checks the `attributes {...}` clause added to
// a module that has none, also when no space precedes the body's brace.
func TestModuleAttributesAdded(t *testing.T) {
	const fn = "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32>"
	const attrs = "attributes {mhlo.input_output_alias = []} "
	tests := []struct{ src, want string }{
		{"module {\n" + fn + "\n}\n", "module " + attrs + "{\n" + fn + "\n}\n"},
		{"module{" + fn + "}", "module " + attrs + "{" + fn + "}"},
		{"module @m{" + fn + "}", "module @m " + attrs + "{" + fn + "}"},
		{"module @m\n{" + fn + "}", "module @m\n" + attrs + "{" + fn + "}"},
	}
	for _, tt := range tests {
		f, cfg := load(t, "t.mlir", []byte(tt.src), lower.Options{})
		edits, err := printer.Edits(f, []byte(tt.src), cfg, printer.EmitModule)
		if err != nil {
			t.Fatal(err)
		}
		if out, _ := edit.Bytes([]byte(tt.src), edits); string(out) != tt.want {
			t.Errorf("%q: got\n%s\nwant\n%s", tt.src, out, tt.want)
		}
	}
}
