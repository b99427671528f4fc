package lower

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/parser"
)

// TestDuplicateKeys pins MLIR's rule: a key written twice in one
// dictionary is an error at the second, whatever the dictionary and
// however the key is spelled.
func TestDuplicateKeys(t *testing.T) {
	ra := `mhlo.result_alias = #mhlo.result_alias<result_index = [0]>`
	tests := []struct{ name, src, want string }{
		{"argument", fn(`%a: tensor<2xf32> {a = 1, a = 2}`, "tensor<2xf32>"),
			"t.mlir:2:45: error: duplicate key 'a' in dictionary attribute"},
		{"two result aliases", fn(`%a: tensor<2xf32> {`+ra+`, `+ra+`}`, "tensor<2xf32>"),
			"t.mlir:2:98: error: duplicate key 'mhlo.result_alias' in dictionary attribute"},
		{"two donors", fn(`%a: tensor<2xf32> {jax.buffer_donor = true, jax.buffer_donor = false}`, "tensor<2xf32>"),
			"t.mlir:2:63: error: duplicate key 'jax.buffer_donor' in dictionary attribute"},
		{"quoted and bare", fn(`%a: tensor<2xf32> {"a" = 1, a = 2}`, "tensor<2xf32>"),
			"t.mlir:2:47: error: duplicate key 'a' in dictionary attribute"},
		{"result", fn(`%a: tensor<2xf32>`, `tensor<2xf32> {b, b}`),
			"t.mlir:2:60: error: duplicate key 'b' in dictionary attribute"},
		{"module", "module attributes {x = 1, x = 2} {\n  func.func @main(%a: tensor<2xf32>) -> tensor<2xf32>\n}\n",
			"t.mlir:1:27: error: duplicate key 'x' in dictionary attribute"},
		{"nested in an array", "module attributes {mhlo.input_output_alias = [{alias = {kind = \"may_alias\", kind = \"must_alias\", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64>}]} {\n  func.func @main(%a: tensor<2xf32>) -> tensor<2xf32>\n}\n",
			"t.mlir:1:77: error: duplicate key 'kind' in dictionary attribute"},
		{"deep in a value the tool does not read", "module attributes {big = [1, {a = [{b = 1, c = 2, b = 3}]}]} {\n  func.func @main(%a: tensor<2xf32>) -> tensor<2xf32>\n}\n",
			"t.mlir:1:51: error: duplicate key 'b' in dictionary attribute"},
		{"in an argument's value the tool does not read", fn(`%a: tensor<2xf32> {x = {y = {z, z}}}`, "tensor<2xf32>"),
			"t.mlir:2:51: error: duplicate key 'z' in dictionary attribute"},
		{"generic form, reported once", "\"builtin.module\"() ({\n  \"func.func\"() <{arg_attrs = [{a = 1, a = 2}], function_type = (tensor<2xf32>) -> tensor<2xf32>, sym_name = \"main\"}> ({\n  }) : () -> ()\n}) : () -> ()\n",
			"t.mlir:2:40: error: duplicate key 'a' in dictionary attribute"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, diags := lowerText(t, tt.src, Options{})
			if got := diags.Error(); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
	// Different keys, and the same key in different dictionaries, are fine.
	if _, diags := lowerText(t, fn(`%a: tensor<2xf32> {a = {b = 1}, b = {a = 1}}, %b: tensor<2xf32> {a = 1}`, "tensor<2xf32> {a}"), Options{}); diags.HasErrors() {
		t.Errorf("unexpected errors: %v", diags)
	}
}

// TestFarEntry checks that an entry the tool reads is found past the
// index that valueKeys holds in 16 bits.
func TestFarEntry(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 70000; i++ {
		fmt.Fprintf(&b, "k%d = 1, ", i)
	}
	src := "func.func @main(%a: tensor<2xf32> {" + b.String() + "jax.buffer_donor = true}) -> tensor<2xf32> {\n  return %a : tensor<2xf32>\n}\n"
	f, err := parser.ParseFile("m.mlir", []byte(src), parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cfg, diags := Lower(f, []byte(src), Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if got := cfg.Donors.String(); !strings.Contains(got, "Parameter 0 at {}") {
		t.Errorf("the donor 70000 entries into the dictionary is not read: %q", got)
	}
}
