//go:build !purego

package anybyte

// The vector searches, in any_amd64.s: the index of the first byte of s
// that is one of set's, looking at whole blocks of 16 bytes (32 for
// indexAny4AVX2) only; -1 when those hold none. The caller searches the
// rest.

//go:noescape
func indexAny4(s []byte, set *[4]byte) int

//go:noescape
func indexAny4AVX2(s []byte, set *[4]byte) int

//go:noescape
func indexAny8(s []byte, set *[8]byte) int

//go:noescape
func indexAny2AVX2(s []byte, a, b byte) int

func hasAVX2() bool

// Vector reports whether the vector searches exist; elsewhere Index4 and
// Index8 look at one byte at a time, and a caller may prefer its own
// search (one bytes.IndexByte per byte of the set, say).
const Vector = true

// useAVX2 chooses the 32-byte search of indexAny4.
var useAVX2 = hasAVX2()

// blocks4 is the vector search for four bytes and the size of the blocks
// it looks at.
func blocks4(s []byte, set *[4]byte) (int, int) {
	if useAVX2 {
		return indexAny4AVX2(s, set), 32
	}
	return indexAny4(s, set), 16
}

func blocks8(s []byte, set *[8]byte) (int, int) { return indexAny8(s, set), 16 }

// blocks2 is the vector search for two bytes: AVX2 only (0, the block
// size, when there is none).
func blocks2(s []byte, a, b byte) (int, int) {
	if useAVX2 {
		return indexAny2AVX2(s, a, b), 64
	}
	return -1, 0
}
