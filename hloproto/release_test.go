package hloproto

import (
	"bytes"
	"slices"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/bench/gen"
)

// TestReleaseBehindWalk reads a module of many constants (each a field
// the walk steps over by its tag) with a Release that records its ranges:
// every walk must release what it passed, so that what is mapped of the
// file stays a window of a few ast.ReleaseSteps whatever the file's size, and
// the read must find what a read without Release finds.
func TestReleaseBehindWalk(t *testing.T) {
	for _, size := range []int64{24 << 20, 48 << 20} {
		var buf bytes.Buffer
		if err := gen.WriteProto(&buf, size, 8, 1<<14); err != nil {
			t.Fatal(err)
		}
		src := buf.Bytes()
		_, want, err := ReadNamed("", src, ModuleProto)
		if err != nil {
			t.Fatal(err)
		}
		var got [][2]int
		o := Options{Release: func(from, to int) { got = append(got, [2]int{from, to}) }}
		_, cfg, err := o.ReadNamed("", src, ModuleProto)
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Aliases.String() != want.Aliases.String() || cfg.Donors.String() != want.Donors.String() || len(cfg.Names.Params) != len(want.Names.Params) {
			t.Fatalf("%d bytes: the read with Release differs:\n%s\n%s", size, cfg.Aliases, want.Aliases)
		}
		// The largest range of the file no release covers bounds the
		// window a walk holds mapped.
		slices.SortFunc(got, func(a, b [2]int) int { return a[0] - b[0] })
		gap, end := 0, 0
		for _, r := range append(got, [2]int{len(src), len(src)}) {
			if r[0] < 0 || r[1] > len(src) || r[0] > r[1] {
				t.Fatalf("released %v of %d bytes", r, len(src))
			}
			gap = max(gap, r[0]-end)
			end = max(end, r[1])
		}
		if gap > 2*ast.ReleaseStep {
			t.Errorf("%d bytes: %d bytes walked were never released (%d ranges)", size, gap, len(got))
		}
	}
}

// TestLongTableBounded: a buffer_donor table of many entries, the same
// donor each time, costs the read no allocation for each entry: the
// tables are checked as they are walked and read into the config an
// entry at a time, never kept.
func TestLongTableBounded(t *testing.T) {
	src, _ := testModule(t, "donors-only")
	allocs := func(n int) float64 {
		var entries []byte
		for range n {
			entries = append(entries, msg(1, varintField(1, 0))...)
		}
		in := append(append([]byte(nil), src...), msg(18, entries)...)
		return testing.AllocsPerRun(3, func() {
			if _, _, err := ReadNamed("", in, ModuleProto); err != nil {
				t.Fatal(err)
			}
		})
	}
	a, b := allocs(20000), allocs(40000)
	if b-a > 16 {
		t.Errorf("20000 more entries of a donor table cost %.0f more allocations (%.0f, then %.0f)", b-a, a, b)
	}
}
