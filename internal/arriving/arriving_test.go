package arriving

import "testing"

// At and HasPrefix wait for the bytes they look at, and say no only at the
// input's end; Wait hears of each wait with the end of what had arrived.
func TestInput(t *testing.T) {
	src := []byte("func.func @main")
	first, more := Pieces(src, func() int { return 2 })
	var waits []int
	in := &Input{Src: first, More: more, Wait: func(end int) { waits = append(waits, end) }}
	if !in.HasPrefix(0, "func.func") || len(in.Src) < len("func.func") {
		t.Fatalf("HasPrefix did not wait: %q", in.Src)
	}
	if !in.At(len(src)-1) || in.At(len(src)) {
		t.Errorf("At at the last byte and past the end: %q", in.Src)
	}
	if in.HasPrefix(len(src)-2, "main!") {
		t.Errorf("HasPrefix past the end")
	}
	if len(waits) < 7 || waits[0] != 2 {
		t.Errorf("waits %v", waits)
	}
	whole := &Input{Src: src}
	if whole.Grow() || whole.At(len(src)) {
		t.Errorf("a complete input grew")
	}
}
