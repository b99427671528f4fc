package keyset

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// word is the word at text[at], up to a space.
func word(text string, at int) string {
	n := strings.IndexByte(text[at:], ' ')
	if n < 0 {
		return text[at:]
	}
	return text[at : at+n]
}

// TestSpills checks the check for a key written twice against a plain
// one, on random nests of dictionaries, with budgets small enough that
// the marks are written to runs and merged: the same key found, and
// never more marks in memory than the budget.
func TestSpills(t *testing.T) {
	defer func(b int) { Budget = b }(Budget)
	r := rand.New(rand.NewSource(1))
	for _, budget := range []int{2, 5, 16, 1 << 18} {
		Budget = budget
		spilled := false
		for trial := 0; trial < 40; trial++ {
			// src is the keys, one per word; a dictionary is a run of
			// them, a few of its keys opening one inside.
			var src strings.Builder
			var k Set
			var check func(depth int)
			check = func(depth int) {
				level := k.Open()
				seen := map[string]bool{}
				want := -1
				n := r.Intn(60)
				for i := 0; i < n; i++ {
					name := fmt.Sprintf("k%d", r.Intn(3*n+1))
					at := src.Len()
					src.WriteString(name + " ")
					if seen[name] && want < 0 {
						want = at
					}
					seen[name] = true
					k.Add(Hash(name), at)
					if len(k.marks) > max(budget, 1) && !(k.keyRuns != nil && k.noTmp) {
						t.Fatalf("budget %d: %d marks in memory", budget, len(k.marks))
					}
					spilled = spilled || k.keyRuns != nil && k.file != nil
					if depth < 3 && r.Intn(8) == 0 {
						check(depth + 1)
					}
				}
				text := src.String()
				same := func(a, b int) bool { return word(text, a) == word(text, b) }
				if got := k.Close(level, same); got != want {
					t.Fatalf("budget %d, trial %d, depth %d: first key twice at %d, want %d", budget, trial, depth, got, want)
				}
			}
			check(0)
			if file := k.keyRuns != nil && k.file != nil; file || k.nRuns() != 0 || len(k.marks) != 0 {
				t.Fatalf("budget %d: left a file %v, %d runs, %d marks", budget, file, k.nRuns(), len(k.marks))
			}
		}
		if budget < 16 && !spilled {
			t.Errorf("budget %d: no run was written", budget)
		}
	}
}

// TestSortMarks checks the radix sort of marks against a sort by hash and
// offset, on marks in the text's order whose hashes share bytes or not.
func TestSortMarks(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	var k Set
	for _, n := range []int{0, 1, 255, 256, 257, 1000, 5000} {
		for _, mask := range []uint64{^uint64(0), 0xff00ff, 3, 0} {
			marks := make([]keyMark, n)
			for i := range marks {
				marks[i] = keyMark{r.Uint64() & mask, i * 3}
			}
			want := slices.Clone(marks)
			slices.SortFunc(want, compareMarks)
			k.sortMarks(marks)
			if !slices.Equal(marks, want) {
				t.Fatalf("%d marks, hashes masked %#x: not sorted by hash then offset", n, mask)
			}
		}
	}
}
