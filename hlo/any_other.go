//go:build !amd64

package hlo

func indexAny4(s []byte, set *[4]byte) int { return -1 }

func indexAny8(s []byte, set *[8]byte) int { return -1 }

// blockAny reports whether indexAny4 is the vector search; elsewhere the
// scanner keeps one finder per byte (scanner.nextOf).
const blockAny = false
