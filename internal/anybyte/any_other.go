//go:build !amd64 || purego

package anybyte

func indexAny4(s []byte, set *[4]byte) int { return -1 }

func indexAny8(s []byte, set *[8]byte) int { return -1 }

func indexAny4AVX2(s []byte, set *[4]byte) int { return -1 }

// Vector reports whether the vector searches exist; elsewhere Index4 and
// Index8 look at one byte at a time, and a caller may prefer its own
// search (one bytes.IndexByte per byte of the set, say).
const Vector = false

var useAVX2 = false

func blocks4(s []byte, set *[4]byte) (int, int) { return -1, 0 }

func blocks8(s []byte, set *[8]byte) (int, int) { return -1, 0 }

func indexAny2AVX2(s []byte, a, b byte) int { return -1 }

func blocks2(s []byte, a, b byte) (int, int) { return -1, 0 }
