package hlo

import (
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/internal/arrivingtest"
)

// parseRecord is what one ParseFile call gives, the Early hook included.
type parseRecord struct {
	File  *File
	Err   string
	Early []*File
}

// parseIn parses src; with more, src is the first part of the input
// and more gives the rest (Options.More).
func parseIn(src []byte, more func() []byte) parseRecord { return parseInAs(src, more, false) }

// parseInStable is parseIn with Options.Stable: the pieces more gives are
// longer slices of the same bytes.
func parseInStable(src []byte, more func() []byte) parseRecord { return parseInAs(src, more, true) }

func parseInAs(src []byte, more func() []byte, stable bool) parseRecord {
	var r parseRecord
	var mu sync.Mutex
	opts := Options{Early: func(f *File) { mu.Lock(); r.Early = append(r.Early, f); mu.Unlock() }, More: more, Stable: stable}
	f, err := ParseFile("g.hlo", src, opts)
	r.File = f
	if err != nil {
		r.Err = err.Error()
	}
	return r
}

// TestGrowingInput parses every HLO module of the repository's test data
// and the fuzz corpus as it would arrive from a pipe: the file, the
// errors and what Early saw are the same as for the whole input.
func TestGrowingInput(t *testing.T) {
	keep := func(path string) bool { return !strings.HasSuffix(path, ".md") }
	arrivingtest.CompareAll(t, 30, keep, parseIn, "../testdata/hlo", "testdata/fuzz/FuzzParseHLO")
	rng := rand.New(rand.NewPCG(1, 2))
	for _, s := range fuzzSeeds {
		arrivingtest.Compare(t, "seed", []byte(s), rng, 3, parseIn)
	}
}

// TestGrowingInputStable is TestGrowingInput with Options.Stable, where
// Early runs on another goroutine while the scan goes on (also under
// -race in CI).
func TestGrowingInputStable(t *testing.T) {
	keep := func(path string) bool { return !strings.HasSuffix(path, ".md") }
	arrivingtest.CompareAll(t, 30, keep, parseInStable, "../testdata/hlo", "testdata/fuzz/FuzzParseHLO")
	rng := rand.New(rand.NewPCG(3, 4))
	for _, s := range fuzzSeeds {
		arrivingtest.Compare(t, "seed", []byte(s), rng, 3, parseInStable)
	}
}

// FuzzGrowingHLO checks any text, arriving in pieces whose sizes the
// fuzzer picks, against the parse of the whole of it.
func FuzzGrowingHLO(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s), uint64(1))
	}
	f.Fuzz(func(t *testing.T, src []byte, seed uint64) {
		rng := rand.New(rand.NewPCG(seed, seed>>32))
		arrivingtest.Compare(t, "input", src, rng, 1+int(seed%97), parseIn)
	})
}
