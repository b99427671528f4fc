package model

import (
	"encoding/binary"
	"slices"
)

// ShapeIndex is a path into a tuple shape; the empty index is the root.
type ShapeIndex []int64

// String prints the index as XLA does: "{}", "{0}", "{0,1}".
func (x ShapeIndex) String() string {
	var buf [64]byte
	return string(appendInts(buf[:0], x))
}

// Equal reports whether x and y are the same path.
func (x ShapeIndex) Equal(y ShapeIndex) bool { return slices.Equal(x, y) }

// Compare orders indices lexicographically, a prefix first.
func (x ShapeIndex) Compare(y ShapeIndex) int { return slices.Compare(x, y) }

// Clone returns a copy of x that does not share memory with it.
func (x ShapeIndex) Clone() ShapeIndex {
	return append(ShapeIndex{}, x...)
}

// appendIndexKey appends a map key for x to b: each element as a varint,
// which delimits itself, so different indices have different keys. A
// lookup that converts the result in the index expression, m[string(k)],
// does not allocate.
func appendIndexKey(b []byte, x ShapeIndex) []byte {
	for _, v := range x {
		b = binary.AppendVarint(b, v)
	}
	return b
}

// appendLeafKey appends a map key for parameter param at index x to b.
func appendLeafKey(b []byte, param int64, x ShapeIndex) []byte {
	return appendIndexKey(binary.AppendVarint(b, param), x)
}

// keyBuf is room for the key of a short index, so that most lookups build
// their key on the stack.
type keyBuf [64]byte
