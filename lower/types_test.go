package lower

import (
	"strings"
	"testing"
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
