package model

import (
	"math"
	"strings"
	"testing"
)

// TestLeafCountShared checks that LeafCount counts a tuple whose elements
// share one shape without expanding it, saturating, and that Written
// cuts the printed shape.
func TestLeafCountShared(t *testing.T) {
	s := Array(F32, 2)
	if n := LeafCount(&s); n != 1 {
		t.Errorf("array: %d leaves", n)
	}
	for i := 1; i <= 70; i++ {
		s = Tuple(s, s)
		want := int64(1) << i
		if i >= 63 {
			want = math.MaxInt64
		}
		if n := LeafCount(&s); n != want {
			t.Fatalf("level %d: %d leaves, want %d", i, n, want)
		}
	}
	if w := s.Written(); len(w) > writtenBytes+3 || !strings.HasPrefix(w, "((((") || !strings.HasSuffix(w, "...") {
		t.Errorf("Written: %d bytes %q", len(w), w)
	}
	small := Tuple(Array(F32, 2), Token())
	if w := small.Written(); w != "(f32[2], token[])" {
		t.Errorf("Written: %q", w)
	}
	if n := LeafCount(&small); n != 2 {
		t.Errorf("small: %d leaves", n)
	}
}
