package ast

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestNextSpecial compares the word-at-a-time search with a byte loop on
// random text dense in the bytes it looks for and their neighbours.
func TestNextSpecial(t *testing.T) {
	alphabet := []byte("{}\"/|z{}!\x00\xff~.\\\n")
	src := make([]byte, 4096)
	seed := uint32(1)
	for i := range src {
		seed = seed*1664525 + 1013904223
		src[i] = alphabet[int(seed>>24)%len(alphabet)]
	}
	for j := 0; j <= len(src); j++ {
		want := j
		for want < len(src) && !special[src[want]] {
			want++
		}
		if got := NextSpecial(src, j); got != want {
			t.Fatalf("NextSpecial(%d) = %d, want %d", j, got, want)
		}
	}
	// The same for the search of skipGroup, sparser in what it finds.
	alphabet = []byte("()[]{}\"/azAZ09\x00\xff\x7f\x80'*)(<>,")
	for b := range 256 { // every byte, for the tests that fold two bytes into one
		alphabet = append(alphabet, byte(b))
	}
	for i := range src {
		seed = seed*1664525 + 1013904223
		src[i] = alphabet[int(seed>>24)%len(alphabet)]
		if seed&3 != 0 {
			src[i] = 'a' + byte(seed>>28)
		}
	}
	for j := 0; j <= len(src); j++ {
		want := j
		for want < len(src) && !groupSpecial[src[want]] {
			want++
		}
		if got := NextGroupSpecial(src, j); got != want {
			t.Fatalf("NextGroupSpecial(%d) = %d, want %d", j, got, want)
		}
	}
}

// TestNextSpecialSparse checks both searches against bytes.IndexAny on
// long runs holding a few of the bytes they look for.
func TestNextSpecialSparse(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	alphabet := []byte("0123456789., -e{}\"/\n()[]")
	for n := range 5000 {
		b := bytes.Repeat([]byte{'5'}, 1+r.IntN(1<<12))
		for range r.IntN(4) {
			b[r.IntN(len(b))] = alphabet[r.IntN(len(alphabet))]
		}
		for _, c := range []struct {
			name string
			got  int
			set  string
		}{{"body", NextSpecial(b, 0), "{}\"/"}, {"group", NextGroupSpecial(b, 0), "(){}[]\"/"}} {
			want := bytes.IndexAny(b, c.set)
			if want < 0 {
				want = len(b)
			}
			if c.got != want {
				t.Fatalf("case %d: %s = %d, want %d", n, c.name, c.got, want)
			}
		}
	}
}
