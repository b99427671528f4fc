//go:build !amd64 || purego

package hlo

func indexAny4(s []byte, set *[4]byte) int { return -1 }

func indexAny8(s []byte, set *[8]byte) int { return -1 }

func indexAny4AVX2(s []byte, set *[4]byte) int { return -1 }

func anyBody(s []byte) (int, int) { return -1, 1 }

// blockAny reports whether the vector searches exist; elsewhere the
// scanner keeps one finder per byte (scanner.nextOf).
const blockAny = false

var useAVX2 = false
