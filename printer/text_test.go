package printer

import (
	"strconv"
	"strings"
	"testing"
)

// TestTextsKeepEarlierTexts builds many texts, some longer than a chunk,
// and checks that every one still reads as it was built.
func TestTextsKeepEarlierTexts(t *testing.T) {
	var tx texts
	var got, want []string
	for i := 0; i < 5000; i++ {
		s := strings.Repeat("x", i%97)
		if i%1000 == 999 {
			s = strings.Repeat("y", textChunk+i)
		}
		got = append(got, tx.str("k").int(int64(i)).str(" = ").str(s).done())
		want = append(want, "k"+strconv.Itoa(i)+" = "+s)
		if i%7 == 0 {
			got = append(got, tx.done())
			want = append(want, "")
		}
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("text %d: got %.40q, want %.40q", i, got[i], want[i])
		}
	}
}

func TestTextsList(t *testing.T) {
	var tx texts
	for _, c := range []struct {
		v    []int64
		want string
	}{{nil, "[]"}, {[]int64{3}, "[3]"}, {[]int64{0, -1, 12}, "[0, -1, 12]"}} {
		if got := tx.list(c.v).done(); got != c.want {
			t.Errorf("list(%v) = %q, want %q", c.v, got, c.want)
		}
	}
}
