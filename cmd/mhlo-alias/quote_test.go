package main

import (
	"bytes"
	"strings"
	"testing"

	mhloalias "github.com/mhlo-alias/mhlo-alias"
	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/remarks"
)

// TestQuoteSourceReadsAroundThePosition: a diagnostic's source line,
// quoted from the bytes around its position that the Result reads, is the
// line quoted from the module's whole text: short and long lines, tabs,
// runes of several bytes cut by the window, "\r\n" ends, positions at
// the module's ends.
func TestQuoteSourceReadsAroundThePosition(t *testing.T) {
	var b strings.Builder
	b.WriteString("// the module before\n")
	start := b.Len()
	b.WriteString("short line\r\n\tx\ty\n")
	for i := 0; i < 3; i++ {
		b.WriteString(strings.Repeat("ab\tcd é€𝄞 ", 97+i))
		b.WriteString("\r\n")
	}
	b.WriteString(strings.Repeat("€", 700))
	b.WriteString("\r")
	src := []byte(b.String())
	res, err := mhloalias.Process("m.mlir", src, mhloalias.Options{})
	if err != nil {
		t.Fatal(err)
	}
	m := &mhloalias.Module{Start: start, End: len(src)}
	text := src[start:]
	var window []byte
	for off := -1; off <= len(text)+1; off++ {
		pos := ast.Pos{Filename: "m.mlir", Line: 1, Column: 1, Offset: off}
		var got, want bytes.Buffer
		quoteSource(&got, res, m, pos, &window)
		remarks.WriteSourceLine(&want, pos, text, remarks.SourceWidth)
		if got.String() != want.String() {
			t.Fatalf("offset %d: quoted\n%s\nwant\n%s", off, got.String(), want.String())
		}
	}
}
