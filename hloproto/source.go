package hloproto

// The largest tag, and the largest scalar value (a varint, fixed32 or
// fixed64) after one.
const (
	maxTag    = 10
	maxScalar = 10
)

// source is the bytes of a file; size is their length.
type source struct {
	mem  []byte
	size int
}

func memSource(b []byte) *source { return &source{mem: b, size: len(b)} }

// peek returns n bytes from off, fewer at the end of the file: a slice of
// the file.
func (s *source) peek(off, n int) []byte {
	n = max(0, min(n, s.size-off))
	return s.mem[off : off+n]
}
