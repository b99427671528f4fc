package model

import (
	"strings"
	"testing"
)

// TestVerifySizeOverflow checks aliases of arrays whose byte size does not
// fit in 64 bits: the size wraps around, so f32[2^62] (2^64 bytes) once
// passed as the same size as f32[0].
func TestVerifySizeOverflow(t *testing.T) {
	huge := Array(F32, 1<<62)
	tests := []struct {
		param, output Shape
		want          string
	}{
		{huge, Array(F32, 0), "parameter 0 at {} is aliased with output index {}, but its size in bytes does not fit in 64 bits: f32[4611686018427387904]"},
		{Array(F32, 0), huge, "output index {} is aliased with parameter 0 at {}, but its size in bytes does not fit in 64 bits"},
		{huge, Array(F64, 1<<61), "does not fit in 64 bits"},
		{Array(F32, 1<<40, 1<<40), Array(F32, 0), "does not fit in 64 bits"},
		{Array(F32, 1<<61-1), Array(F32, 1<<61-1), ""},
	}
	for _, tt := range tests {
		c := NewConfig([]Shape{tt.param}, tt.output)
		if err := c.Aliases.SetUpAlias(ShapeIndex{}, 0, ShapeIndex{}, MayAlias, Origin{}); err != nil {
			t.Fatal(err)
		}
		got := Verify(c).Error()
		if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
			t.Errorf("%s <- %s: got %q, want %q", tt.output.String(), tt.param.String(), got, tt.want)
		}
	}
}
