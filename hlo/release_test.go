package hlo

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestRelease checks that the scan reports its progress through
// Options.Release, at increasing offsets inside the input, and that a
// scan that releases reads what one that does not reads.
func TestRelease(t *testing.T) {
	var b strings.Builder
	b.WriteString("HloModule m, entry_computation_layout={(f32[4]{0})->f32[4]{0}}\n\n")
	for c := 0; b.Len() < 3*releaseStep; c++ {
		fmt.Fprintf(&b, "body.%d {\n", c)
		for i := range 2000 {
			fmt.Fprintf(&b, "  c%d = f32[4]{0} constant({%d, 1, 2, 3}), metadata={op_name=\"jit(f)/add\"}\n", i, i)
		}
		b.WriteString("  ROOT r = f32[4]{0} copy(c0)\n}\n\n")
	}
	b.WriteString("ENTRY main {\n  p = f32[4]{0} parameter(0)\n  ROOT r = f32[4]{0} copy(p)\n}\n")
	src := []byte(b.String())
	var calls []int
	got, err := ParseFile("m.hlo", src, Options{Release: func(off int) { calls = append(calls, off) }})
	if err != nil {
		t.Fatal(err)
	}
	want, err := ParseFile("m.hlo", src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) < 2 {
		t.Fatalf("Release called %d times over %d bytes", len(calls), len(src))
	}
	for i, off := range calls {
		if off <= 0 || off >= len(src) || i > 0 && off <= calls[i-1] {
			t.Fatalf("Release offsets %v (input of %d bytes)", calls, len(src))
		}
	}
	if !reflect.DeepEqual(got.Entry, want.Entry) || got.Computations != want.Computations {
		t.Errorf("with Release: entry %+v, %d computations; without: %+v, %d", got.Entry, got.Computations, want.Entry, want.Computations)
	}
}
