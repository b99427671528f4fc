package lower

import (
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// TestUnknownKindNotString checks that a kind that is not a string is
// quoted in the message as written.
func TestUnknownKindNotString(t *testing.T) {
	src := "module attributes {mhlo.input_output_alias = [{alias = {kind = 1 : i32, parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64>}]} {\n  func.func @main(%a: tensor<2xf32>) -> tensor<2xf32>\n}\n"
	_, diags := lowerText(t, src, Options{})
	want := "mhlo.input_output_alias entry 0 has unknown kind 1 : i32; expected"
	if !strings.Contains(diags.Error(), want) {
		t.Errorf("got %v\nwant %s", diags, want)
	}
}

// TestReadsValue checks that the parser keeps the value of every key of
// an argument's or result's dictionary that lower reads, but for
// mhlo.sharding, a string read from the entry's span (sharding.go).
func TestReadsValue(t *testing.T) {
	for _, k := range keyNames {
		if !ast.ReadsValue(k) && k != AttrSharding {
			t.Errorf("ast.ReadsValue(%q) is false: the parser drops its value", k)
		}
	}
	if ast.ReadsValue("mhlo.frontend_attributes.x") || ast.ReadsValue("jax.global_constant") {
		t.Error("ast.ReadsValue is true for a key lower never reads")
	}
}
