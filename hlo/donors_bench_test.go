package hlo

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// BenchmarkReadDonors reads a donor list of about 8 MB, of entries of
// varied parameters and indices, one per 40 a duplicate.
func BenchmarkReadDonors(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("{ ")
	for i := 0; sb.Len() < 8<<20; i++ {
		if i > 0 {
			sb.WriteString(", ")
		}
		switch i % 4 {
		case 0:
			fmt.Fprintf(&sb, "(%d, {})", i%40000)
		case 1:
			fmt.Fprintf(&sb, "(%d, {%d})", i%40000, i%7)
		case 2:
			fmt.Fprintf(&sb, "(%d, {0, %d})", i%40000, i%3)
		default:
			fmt.Fprintf(&sb, "(%d,{})", i%40000)
		}
	}
	sb.WriteString(" }")
	src := []byte(sb.String())
	span := ast.Span{Pos: ast.Pos{Filename: "f.hlo", Line: 1, Column: 1}, End: ast.Pos{Offset: len(src)}}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for range b.N {
		if _, err := readDonors(src, span, nil); err != nil {
			b.Fatal(err)
		}
	}
}
