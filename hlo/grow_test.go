package hlo

import (
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/internal/growtest"
)

// parseRecord is what one ParseFile call gives, the Early hook included.
type parseRecord struct {
	File  *File
	Err   string
	Early []*File
}

// parseIn parses src; with more, src is the first part of the input
// and more gives the rest (Options.More).
func parseIn(src []byte, more func() []byte) parseRecord {
	var r parseRecord
	var mu sync.Mutex
	opts := Options{Early: func(f *File) { mu.Lock(); r.Early = append(r.Early, f); mu.Unlock() }, More: more}
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
	var files []string
	for _, root := range []string{"../testdata/hlo", "testdata/fuzz/FuzzParseHLO"} {
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && !strings.HasSuffix(path, ".md") {
				files = append(files, path)
			}
			return nil
		})
	}
	if len(files) < 30 {
		t.Fatalf("found only %d inputs", len(files))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(file, "FuzzParseHLO") {
			if src, err = growtest.CorpusBytes(src); err != nil {
				t.Fatalf("%s: %v", file, err)
			}
		}
		for _, most := range []int{1, 7, 256, 64 << 10} {
			growtest.Compare(t, file, src, rng, most, parseIn)
		}
	}
	for _, s := range fuzzSeeds {
		growtest.Compare(t, "seed", []byte(s), rng, 3, parseIn)
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
		growtest.Compare(t, "input", src, rng, 1+int(seed%97), parseIn)
	})
}
