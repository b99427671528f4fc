//go:build !purego

package hlo

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

func hasAVX2() bool

// blockAny reports whether the vector searches exist; elsewhere the
// scanner keeps one finder per byte (scanner.nextOf).
const blockAny = true

// useAVX2 chooses the 32-byte search of indexAny4.
var useAVX2 = hasAVX2()

// anyBody is the vector search for bodyBytes and the size of the blocks
// it looks at.
func anyBody(s []byte) (int, int) {
	if useAVX2 {
		return indexAny4AVX2(s, &bodyBytes), 32
	}
	return indexAny4(s, &bodyBytes), 16
}
