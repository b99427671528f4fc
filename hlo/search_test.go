package hlo

import (
	"bytes"
	"math/rand/v2"
	"os"
	"testing"
)

// TestNextBodyGroup checks the scanner's searches, against bytes.IndexAny.
func TestNextBodyGroup(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	alphabet := []byte("0123456789., -e{}\"/\n()[]")
	for n := range 5000 {
		b := bytes.Repeat([]byte{'5'}, 1+r.IntN(1<<12))
		for range r.IntN(4) {
			b[r.IntN(len(b))] = alphabet[r.IntN(len(alphabet))]
		}
		s := &scanner{src: b}
		for _, c := range []struct {
			name string
			got  int
			set  string
		}{{"body", s.nextOf(&bodyBytes, 0), "{}\"/"}, {"group", s.nextOf(&groupBytes, 0), "(){}[]\"/"}} {
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

// rounds is short, or long when MHLO_ALIAS_LONG_TESTS=1 (as CI sets it):
// how many rounds a long differential test runs.
func rounds(short, long int) int {
	if os.Getenv("MHLO_ALIAS_LONG_TESTS") == "1" {
		return long
	}
	return short
}
