// Package anybyte finds the first byte of a small set in a slice, with
// vector instructions where the processor has them (SSE2 on every amd64
// processor, AVX2 where present; any_amd64.s), one pass over the bytes
// for the whole set: the search the module scanners spend their time in,
// over function bodies and literal constants of gigabytes. Elsewhere
// (other architectures, or the purego build tag) it looks at one byte at
// a time.
package anybyte

import "bytes"

// Index4 returns the index of the first byte of s that is one of set's,
// or -1.
func Index4(s []byte, set *[4]byte) int {
	k, block := blocks4(s, set)
	if k >= 0 {
		return k
	}
	from := 0
	if block > 0 {
		from = len(s) - len(s)%block // the vector search looked at the rest
	}
	for i := from; i < len(s); i++ {
		if c := s[i]; c == set[0] || c == set[1] || c == set[2] || c == set[3] {
			return i
		}
	}
	return -1
}

// Index2 returns the index of the first byte of s that is a or b, or -1:
// with AVX2, half the work of Index4 a byte; elsewhere one
// bytes.IndexByte for each.
func Index2(s []byte, a, b byte) int {
	k, block := blocks2(s, a, b)
	if k >= 0 {
		return k
	}
	from := 0
	if block > 0 {
		from = len(s) - len(s)%block // the vector search looked at the rest
	}
	rest := s[from:]
	i := bytes.IndexByte(rest, a)
	if i < 0 {
		i = len(rest)
	}
	if j := bytes.IndexByte(rest[:i], b); j >= 0 {
		i = j
	}
	if i == len(rest) {
		return -1
	}
	return from + i
}

// Index8 is Index4 for a set of eight bytes.
func Index8(s []byte, set *[8]byte) int {
	k, block := blocks8(s, set)
	if k >= 0 {
		return k
	}
	from := 0
	if block > 0 {
		from = len(s) - len(s)%block
	}
	for i := from; i < len(s); i++ {
		c := s[i]
		for _, b := range set {
			if c == b {
				return i
			}
		}
	}
	return -1
}
