// Package arrivingtest holds what the scanners' tests of a growing input
// share: the comparison of a parse in pieces with the parse of the whole,
// and the decoding of fuzz corpus entries.
package arrivingtest

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/internal/arriving"
)

// Compare parses src whole (more is nil) and arriving in pieces of random
// sizes up to most, and reports any difference between the two results.
func Compare[R any](t testing.TB, name string, src []byte, rng *rand.Rand, most int, parse func(src []byte, more func() []byte) R) {
	t.Helper()
	want := parse(src, nil)
	first, more := arriving.Pieces(src, func() int { return 1 + rng.IntN(most) })
	got := parse(first, more)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: parsed while growing (pieces up to %d bytes):\n%+v\nwhole:\n%+v", name, most, got, want)
	}
}

// CorpusBytes decodes a corpus file of a fuzz target taking one []byte
// (`go test fuzz v1`, then `[]byte("...")`).
func CorpusBytes(b []byte) ([]byte, error) {
	lines := strings.SplitN(string(b), "\n", 3)
	if len(lines) < 2 {
		return nil, fmt.Errorf("not a corpus entry")
	}
	s, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(lines[1], "[]byte("), ")"))
	return []byte(s), err
}

// CompareAll runs Compare on every file under roots that keep accepts, in
// pieces of at most 1, 7, 256 and 64 KB bytes; a file under a fuzz
// corpus directory (testdata/fuzz) is decoded first. It fails when fewer
// than least files are found.
func CompareAll[R any](t *testing.T, least int, keep func(path string) bool, parse func(src []byte, more func() []byte) R, roots ...string) {
	t.Helper()
	var files []string
	for _, root := range roots {
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && keep(path) {
				files = append(files, path)
			}
			return nil
		})
	}
	if len(files) < least {
		t.Fatalf("found only %d inputs", len(files))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(filepath.ToSlash(file), "testdata/fuzz/") {
			if src, err = CorpusBytes(src); err != nil {
				t.Fatalf("%s: %v", file, err)
			}
		}
		for _, most := range []int{1, 7, 256, 64 << 10} {
			Compare(t, file, src, rng, most, parse)
		}
	}
}
