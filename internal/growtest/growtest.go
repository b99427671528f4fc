// Package growtest holds what the scanners' tests of a growing input
// share: the comparison of a parse in pieces with the parse of the whole,
// and the decoding of fuzz corpus entries.
package growtest

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/internal/grow"
)

// Compare parses src whole (more is nil) and arriving in pieces of random
// sizes up to most, and reports any difference between the two results.
func Compare[R any](t testing.TB, name string, src []byte, rng *rand.Rand, most int, parse func(src []byte, more func() []byte) R) {
	t.Helper()
	want := parse(src, nil)
	first, more := grow.Pieces(src, func() int { return 1 + rng.IntN(most) })
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
