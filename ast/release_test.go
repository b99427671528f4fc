package ast

import "testing"

// TestBehind checks that a pass front to back is told in ranges that
// follow each other, each at least ReleaseStep long and within what the
// pass has read, and that a pass that goes back is told nothing again.
func TestBehind(t *testing.T) {
	var got [][2]int
	b := Behind{Release: func(from, to int) { got = append(got, [2]int{from, to}) }}
	const start = 100
	for off := start; off <= start+5*ReleaseStep; off += 4096 {
		b.At(off)
	}
	if len(got) < 4 {
		t.Fatalf("released %v over %d bytes; want a range every %d", got, 5*ReleaseStep, ReleaseStep)
	}
	for i, r := range got {
		if want := start; i == 0 && r[0] != want || i > 0 && r[0] != got[i-1][1] {
			t.Errorf("range %d is %v after %v: the ranges must follow each other from %d", i, r, got[:i], start)
		}
		if r[1]-r[0] < ReleaseStep || r[1] > start+5*ReleaseStep {
			t.Errorf("range %d is %v: want at least %d bytes, within what was read", i, r, ReleaseStep)
		}
	}
	got = nil
	end := start + 5*ReleaseStep // about where the pass stopped
	b.At(10)                     // back to the start: nothing is told again
	b.At(end + ReleaseStep)
	if len(got) != 1 || got[0][0] < end-ReleaseStep || got[0][1] != end+ReleaseStep {
		t.Errorf("after going back to 10: released %v, want one range from where the pass had been to %d", got, end+ReleaseStep)
	}
	var none Behind // no Release: nothing to tell, no panic
	none.At(5 * ReleaseStep)
}
