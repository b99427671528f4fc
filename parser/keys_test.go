package parser

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// TestKeySetSpills checks the check for a key written twice against a
// plain one, on random nests of dictionaries, with budgets small enough
// that the marks are written to runs and merged: the same key found, and
// never more marks in memory than the budget.
func TestKeySetSpills(t *testing.T) {
	defer func(b int) { keyBudget = b }(keyBudget)
	r := rand.New(rand.NewSource(1))
	for _, budget := range []int{2, 5, 16, 1 << 18} {
		keyBudget = budget
		spilled := false
		for trial := 0; trial < 40; trial++ {
			// src is the keys, one per word; a dictionary is a run of
			// them, a few of its keys opening one inside.
			var src strings.Builder
			var k keySet
			var check func(depth int)
			check = func(depth int) {
				level := k.open()
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
					k.add(keyHash(name), at)
					if len(k.marks) > max(budget, 1) && !(k.keyRuns != nil && k.noTmp) {
						t.Fatalf("budget %d: %d marks in memory", budget, len(k.marks))
					}
					spilled = spilled || k.keyRuns != nil && k.file != nil
					if depth < 3 && r.Intn(8) == 0 {
						check(depth + 1)
					}
				}
				if got := k.close([]byte(src.String()), level); got != want {
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

// TestDictionaryKeysSpilled: a skipped value whose dictionaries hold more
// keys than the budget, a key written again near its start, in its middle
// or at its end, or inside, or none, reads as the grammar's tree says, the
// key written twice at its second writing.
func TestDictionaryKeysSpilled(t *testing.T) {
	defer func(b int) { keyBudget = b }(keyBudget)
	keyBudget = 8
	// At index at, the key of index first is written again.
	for _, c := range []struct{ first, at int }{{-1, -1}, {0, 1}, {50, 100}, {0, 199}, {198, 199}, {-1, -2}} {
		var b strings.Builder
		b.WriteString("func.func @main(%arg0: tensor<4xf32> {foo = {")
		want := ""
		for k := 0; k < 200; k++ {
			if k > 0 {
				b.WriteString(", ")
			}
			key := fmt.Sprintf("k%d", k)
			if k == c.at {
				key = fmt.Sprintf("k%d", c.first)
				want = b.String()
			}
			fmt.Fprintf(&b, "%s = {a = %d, b = [1]}", key, k)
			if c.at == -2 && k == 120 {
				want = b.String() + ", q = {a = {x = 1, y = 2, "
				b.WriteString(", q = {a = {x = 1, y = 2, x = 3}}")
			}
		}
		b.WriteString("}, bar = 1},\n  %arg1: tensor<2xf32>) -> tensor<4xf32> {\n  return %arg0 : tensor<4xf32>\n}\n")
		src := []byte(b.String())
		name := fmt.Sprintf("key %d written again at %d", c.first, c.at)
		compareParses(t, name, src)
		f, err := ParseFile("f.mlir", src, Options{})
		if err != nil {
			t.Fatal(err)
		}
		tw := f.Entry.Sig.Args[0].Attrs.Lookup("foo").Value.Twice
		switch {
		case want == "" && tw != nil:
			t.Errorf("%s: Twice %+v, want none", name, tw)
		case want != "" && (tw == nil || tw.Pos.Offset != len(want)):
			t.Errorf("%s: Twice %+v, want at %d", name, tw, len(want))
		}
	}
}

// TestSortMarks checks the radix sort of marks against a sort by hash and
// offset, on marks in the text's order whose hashes share bytes or not.
func TestSortMarks(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	var k keySet
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
