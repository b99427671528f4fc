package parser

import (
	"strings"
	"testing"
)

// BenchmarkSkimIntWords is the word pass of skimNumbers over an array of
// a million one-digit elements, the 50 MB flat array row's shape.
func BenchmarkSkimIntWords(b *testing.B) {
	src := []byte("," + strings.Repeat("1, ", 1<<20) + "]")
	b.SetBytes(int64(len(src)))
	for i := 0; i < b.N; i++ {
		skimIntWords(src, 1)
	}
}
