package hlo

import (
	"github.com/mhlo-alias/mhlo-alias/internal/grow"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// parseRecord is what one ParseFile call gives, the Early hook included.
type parseRecord struct {
	File  *File
	Err   string
	Early []*File
}

// parseIn parses src; with step, src arrives in pieces of step() bytes
// through Options.More.
func parseIn(src []byte, step func() int) parseRecord {
	var r parseRecord
	var mu sync.Mutex
	opts := Options{Early: func(f *File) { mu.Lock(); r.Early = append(r.Early, f); mu.Unlock() }}
	view := src
	if step != nil {
		view, opts.More = grow.Pieces(src, step)
	}
	f, err := ParseFile("g.hlo", view, opts)
	r.File = f
	if err != nil {
		r.Err = err.Error()
	}
	return r
}

// checkGrowing compares the parse of src arriving in pieces of random
// sizes up to most with the parse of the whole of it.
func checkGrowing(t *testing.T, name string, src []byte, rng *rand.Rand, most int) {
	t.Helper()
	want := parseIn(src, nil)
	got := parseIn(src, func() int { return 1 + rng.IntN(most) })
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: parsed while growing (pieces up to %d bytes):\n%+v\nwhole:\n%+v", name, most, got, want)
	}
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
			lines := strings.SplitN(string(src), "\n", 3)
			if len(lines) < 2 {
				continue
			}
			s, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(lines[1], "[]byte("), ")"))
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			src = []byte(s)
		}
		for _, most := range []int{1, 7, 256, 64 << 10} {
			checkGrowing(t, file, src, rng, most)
		}
	}
	for _, s := range fuzzSeeds {
		checkGrowing(t, "seed", []byte(s), rng, 3)
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
		checkGrowing(t, "input", src, rng, 1+int(seed%97))
	})
}
