package fileio

import (
	"errors"
	"os"
	"strings"
	"sync"
	"testing"
)

// A stream that outgrows its mapping ends with errTooLarge, not with a
// slice past the mapping's end.
func TestGrowingOutgrowsMapping(t *testing.T) {
	g := &Growing{All: make([]byte, 10)}
	g.cond = sync.NewCond(&g.mu)
	r := strings.NewReader(strings.Repeat("x", 25))
	f, err := os.CreateTemp(t.TempDir(), "spool")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := copyChunks(f, r, func(n int) bool { return g.add(min(n, 8)) && g.add(n-min(n, 8)) }); !errors.Is(err, errTooLarge) {
		t.Errorf("copy of 25 bytes into a mapping of 10: %v", err)
	}
	if n := g.Size(); n > 10 {
		t.Errorf("%d bytes recorded, more than the mapping holds", n)
	}
}
