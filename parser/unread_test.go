package parser

import (
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
				_, got := parseSpanAt("sig", src, 0, len(src), pos)
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
			return testing.AllocsPerRun(3, func() { parseSpanAt("sig", src, 0, len(src), pos) })
		}
		small, large := allocs(1000), allocs(100000)
		if large > small+8 {
			t.Errorf("array ending %q: %.0f allocations at 100000 elements, %.0f at 1000", tail, large, small)
		}
	}
}
