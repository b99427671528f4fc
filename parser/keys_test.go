package parser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/internal/keyset"
)

// TestDictionaryKeysSpilled: a skipped value whose dictionaries hold more
// keys than the budget, a key written again near its start, in its middle
// or at its end, or inside, or none, reads as the grammar's tree says, the
// key written twice at its second writing.
func TestDictionaryKeysSpilled(t *testing.T) {
	defer func(b int) { keyset.Budget = b }(keyset.Budget)
	keyset.Budget = 8
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
