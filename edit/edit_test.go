package edit

import (
	"math/rand"
	"reflect"
	"strconv"
	"testing"
)

// TestSortTailIsSort checks that ordering the few edits made after
// an ordered run gives what sorting them all does, ties included.
func TestSortTailIsSort(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for trial := 0; trial < 2000; trial++ {
		n, m := r.Intn(12), r.Intn(4)
		var edits []Edit
		for i := 0; i < n+m; i++ {
			s := r.Intn(8)
			e := s + r.Intn(2)
			edits = append(edits, Edit{Start: s, End: e, New: strconv.Itoa(i)})
		}
		want := append([]Edit(nil), edits...)
		Sort(want)
		got := append([]Edit(nil), edits...)
		Sort(got[:n])
		SortTail(got, n)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("edits %v, first %d ordered: got %v, want %v", edits, n, got, want)
		}
	}
}
