package hlo

// indexAny4 is in any_amd64.s.
//
//go:noescape
func indexAny4(s []byte, set *[4]byte) int

// indexAny8 is in any_amd64.s.
//
//go:noescape
func indexAny8(s []byte, set *[8]byte) int

// blockAny reports whether indexAny4 is the vector search; elsewhere the
// scanner keeps one finder per byte (scanner.nextOf).
const blockAny = true
