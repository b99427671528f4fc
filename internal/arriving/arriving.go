// Package arriving is the input both scanners read: a byte slice that may be
// the first part of an input still arriving (a pipe being read), which
// the scanner asks to grow when it needs bytes past its end.
package arriving

import "bytes"

// Input is the text a scanner reads. Src is what has arrived; More, when
// set, waits for the input to grow and returns it whole so far (the same
// slice at its end). Wait, when set, is called with the end of Src each
// time the scanner is about to wait for more.
type Input struct {
	Src  []byte
	More func() []byte
	Wait func(end int)
}

// Grow waits for more of the input and reports whether Src grew; it is
// false at the end of the input.
func (in *Input) Grow() bool {
	if in.More == nil {
		return false
	}
	if in.Wait != nil {
		in.Wait(len(in.Src))
	}
	n := len(in.Src)
	in.Src = in.More()
	return len(in.Src) > n
}

// At reports whether the input has a byte at i, waiting for a growing
// input to reach it.
func (in *Input) At(i int) bool {
	for i >= len(in.Src) {
		if !in.Grow() {
			return false
		}
	}
	return true
}

// HasPrefix reports whether the input holds p at i.
func (in *Input) HasPrefix(i int, p string) bool {
	in.At(i + len(p) - 1)
	return i <= len(in.Src) && bytes.HasPrefix(in.Src[i:], []byte(p))
}

// Back is how far behind the end of a growing input a scanner may still
// read when it waits for more (the start of the token it is in). Whatever
// a scanner is inside, a string or comment of megabytes, a literal, it is
// done with the text before that, which a caller that drops the text
// behind the scan may drop.
const Back = 64 << 10

// Pieces makes src arrive in pieces of step() bytes: it returns the first
// piece and a More that adds one piece a call (for tests of scanners
// reading a growing input).
func Pieces(src []byte, step func() int) ([]byte, func() []byte) {
	n := min(len(src), step())
	return src[:n], func() []byte {
		if n < len(src) {
			n = min(len(src), n+step())
		}
		return src[:n]
	}
}
