package parser

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// closedLists are long constructs read to their close: repeated elem,
// then last and what follows the list; broken has a stray token after a
// list's close, so that the decoder fails after the list, not inside it.
var closedLists = []struct {
	name, open, elem string
	last, broken     string
}{
	{"array", "{u = [", "1, ", "1]}", "1] ]}"},
	{"typed array", "{u = [", "1 : i64, ", "1 : i64]}", "1 : i64] ]}"},
	{"nested array", "{u = [", "[1, 2], ", "[1, 2]]}", "[1, 2]] ]}"},
	{"dense rows", "{u = dense<[", "[1.5, -2, 3], ", "[1.5, -2, 3]]> : tensor<?x3xf32>}", "[1.5, -2, 3] ] , [1.5, -2, 3]]> : tensor<?x3xf32>}"},
	{"dense scalars", "{u = dense<[", "1.5e-3, ", "1.5e-3]> : tensor<?xf32>}", "1.5e-3]]> : tensor<?xf32>}"},
	{"complex dense", "{u = dense<[", "(1.0, 2.0), ", "(1.0, 2.0)]> : tensor<?xcomplex<f32>>}", "(1.0, 2.0)]]> : tensor<?xcomplex<f32>>}"},
	{"dense array", "{u = array<i64: ", "1, ", "1>}", "1> >}"},
	{"function type", "{u = (", "tensor<f32>, ", "tensor<f32>) -> tensor<f32>}", "tensor<f32>) ) -> tensor<f32>}"},
	{"tuple type", "{u = tuple<", "tensor<f32>, ", "tensor<f32>>}", "tensor<f32>> >}"},
	{"dictionary", "{u = {", "k = 1, ", "z = 1}}", "z = 1} }}"},
}

// closedListModule is a module whose first argument holds the construct
// c with n elements, broken or not.
func closedListModule(c, n int, broken bool) string {
	cl := closedLists[c]
	var b strings.Builder
	b.WriteString("func.func @main(%a: tensor<f32> ")
	b.WriteString(cl.open)
	for range n {
		b.WriteString(cl.elem)
	}
	if broken {
		b.WriteString(cl.broken)
	} else {
		b.WriteString(cl.last)
	}
	b.WriteString(", %b: tensor<f32>) -> tensor<f32> {\n  return %b : tensor<f32>\n}\n")
	return b.String()
}

// resultsModule is a module of n results, broken or not in the
// function's attributes after their list.
func resultsModule(n int, broken bool) string {
	var b strings.Builder
	b.WriteString("func.func @main(%a: tensor<f32>) -> (")
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "tensor<f32> {jax.result_info = \"r%d\"}", i)
	}
	if broken {
		b.WriteString(") attributes {x = ]} {\n  return %a : tensor<f32>\n}\n")
	} else {
		b.WriteString(") attributes {x = 1} {\n  return %a : tensor<f32>\n}\n")
	}
	return b.String()
}

// TestErrorAfterClosedList: a long list read to its close and followed
// by an error gives the grammar's error over the whole text, and the
// grammar reads a piece of the list's ends, not the list: from 40000 to
// 80000 elements the broken module's allocations grow as the valid
// one's do. (It read the whole span:
// a 50 MB dense literal of rows with a stray ']' took 35 s and 5 GB.)
func TestErrorAfterClosedList(t *testing.T) {
	defer func(c int) { cutBytes = c }(cutBytes)
	mods := map[string]func(n int, broken bool) string{"results": resultsModule}
	for i, cl := range closedLists {
		mods[cl.name] = func(n int, broken bool) string { return closedListModule(i, n, broken) }
	}
	for name, mod := range mods {
		for _, c := range []int{1 << 10, 16} {
			cutBytes = c
			compareParses(t, name, []byte(mod(400, true)))
			compareParses(t, name+", valid", []byte(mod(400, false)))
		}
		cutBytes = 1 << 10
		// Past pieceBytes, so that the grammar reads a piece; what the
		// broken module allocates more at twice the elements is what the
		// valid one does.
		var valid, broken [2]uint64
		for k, n := range []int{40000, 80000} {
			var err error
			valid[k], _ = allocBytes(mod(n, false))
			if broken[k], err = allocBytes(mod(n, true)); err == nil {
				t.Fatalf("%s, %d elements: no error", name, n)
			}
		}
		if grow, want := int64(broken[1])-int64(broken[0]), int64(valid[1]-valid[0]); grow > want+want/4+1<<20 {
			t.Errorf("%s: from 40000 to 80000 elements the broken module allocates %d bytes more, the valid one %d: the grammar reads the list", name, grow, want)
		}
	}
}

// allocBytes is how many bytes ParseFile allocates on src, and its
// error.
func allocBytes(src string) (uint64, error) {
	b := []byte(src)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := ParseFile("f.mlir", b, Options{})
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc, err
}
