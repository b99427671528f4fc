package model

import "strings"

// ShapeIndex is a path into a tuple shape; the empty index is the root.
type ShapeIndex []int64

// String prints the index as XLA does: "{}", "{0}", "{0,1}".
func (x ShapeIndex) String() string {
	var b strings.Builder
	writeInts(&b, x)
	return b.String()
}

// Equal reports whether x and y are the same path.
func (x ShapeIndex) Equal(y ShapeIndex) bool { return equalInts(x, y) }

// Compare orders indices lexicographically, a prefix first.
func (x ShapeIndex) Compare(y ShapeIndex) int {
	for i := 0; i < len(x) && i < len(y); i++ {
		if x[i] != y[i] {
			if x[i] < y[i] {
				return -1
			}
			return 1
		}
	}
	return len(x) - len(y)
}

// Clone returns a copy of x that does not share memory with it.
func (x ShapeIndex) Clone() ShapeIndex {
	return append(ShapeIndex{}, x...)
}

// key is a map key for x.
func (x ShapeIndex) key() string {
	b := make([]byte, 0, 8*len(x))
	for _, v := range x {
		for i := 0; i < 8; i++ {
			b = append(b, byte(v>>(8*i)))
		}
	}
	return string(b)
}
