package parser

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// skimIntBytes is skimNumbers's pass one byte at a time, from i just after
// a comma, on one line: the last comma of the run of elements and the
// starts of all the elements before it.
func skimIntBytes(src []byte, i int) (int, []int) {
	comma, starts := -1, []int(nil)
	for {
		j := i
		for j < len(src) && src[j] == ' ' {
			j++
		}
		k := j
		for k < len(src) && src[k]-'0' < 10 {
			k++
		}
		if k == j || k >= len(src) || src[k] != ',' {
			return comma, starts
		}
		starts = append(starts, j)
		comma, i = k, k+1
	}
}

// The word pass of skimNumbers stops where the byte pass would, or before at
// a whole word (the byte pass goes on from its last comma), and gives the
// same element starts, on runs of elements with every kind of end.
func TestSkimIntWords(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	alphabet := "0123456789, \n-x]"
	for n := 0; n < 20000; n++ {
		var b strings.Builder
		b.WriteByte(',')
		for e := rng.IntN(40); e > 0; e-- {
			b.WriteString(strings.Repeat(" ", rng.IntN(3)))
			fmt.Fprintf(&b, "%d,", rng.IntN(1000000))
		}
		// A tail of anything.
		for e := rng.IntN(12); e > 0; e-- {
			b.WriteByte(alphabet[rng.IntN(len(alphabet))])
		}
		src := []byte(b.String())
		comma, t4, k := skimIntWords(src, 1)
		wantComma, wantStarts := skimIntBytes(src, 1)
		if comma < 0 {
			continue // the byte pass does it all
		}
		// The byte pass from the word pass's last comma must end where
		// the byte pass alone does, with the same starts.
		rest, restStarts := skimIntBytes(src, comma+1)
		if rest < 0 {
			rest = comma
		}
		var got []int
		for _, x := range t4[4-k:] {
			got = append(got, x)
		}
		got = append(got, restStarts...)
		want := wantStarts
		if len(want) > len(got) {
			want = want[len(want)-len(got):]
		} else if len(got) > len(want) {
			t.Fatalf("%q: %d starts, want %d", src, len(got), len(want))
		}
		if rest != wantComma || fmt.Sprint(got) != fmt.Sprint(want) || len(got) < min(len(wantStarts), 3) {
			t.Fatalf("%q: comma %d starts %v, want %d %v", src, rest, got, wantComma, wantStarts)
		}
	}
}

// Arrays of integers with any spacing, newlines and errors decode as the
// grammar reads them.
func TestSkimIntsAgainstGrammar(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	tails := []string{"]", "1 1]", "1,,]", " 1]", "-1]", "1 ,]", "\n 2]", "x]", ",]"}
	for n := 0; n < 300; n++ {
		var b strings.Builder
		b.WriteString("(%a: i32 {x = [")
		for e := rng.IntN(300); e > 0; e-- {
			fmt.Fprintf(&b, "%d,%s", rng.IntN(100000), [...]string{" ", "", "  ", "\n"}[rng.IntN(4)])
		}
		b.WriteString(tails[rng.IntN(len(tails))])
		b.WriteString("})")
		src := []byte(b.String())
		checkFast(t, "sig", src)
		compareParses(t, "array", []byte("func.func @main"+string(src)+" {\n  return\n}\n"))
	}
}
