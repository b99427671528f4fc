package hlo

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// TestLexCheckAgrees: lexCheck, which scans only the tokens that can
// fail, gives the error the lexer gives token by token (what the grammar
// reports first), on random text of every class of byte, nested deep or
// not.
func TestLexCheckAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const alphabet = "()[]{}\"\\/*%\x01\x7f\x80 \n\tab_.01-><=,:"
	for range 20000 {
		b := make([]byte, r.IntN(40))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		if r.IntN(8) == 0 {
			b = append(bytes.Repeat([]byte("([{"[r.IntN(3):][:1]), MaxDepth-r.IntN(3)), b...)
		}
		src := append([]byte("x =\n "), b...)
		span := ast.Span{Pos: ast.Pos{Filename: "f", Offset: 5, Line: 2, Column: 2}, End: ast.Pos{Offset: len(src)}}
		var want error
		l := &hloLexer{src: src, end: len(src), pos: lexer.Position{Filename: "f", Offset: 5, Line: 2, Column: 2}}
		for {
			tok, err := l.Next()
			if err != nil {
				want = convertError(err, span.Pos)
				break
			}
			if tok.EOF() {
				break
			}
		}
		if got := lexCheck(src, span, 0, nil); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%q: lexCheck says %v; the lexer %v", b, got, want)
		}
	}
}

// TestAdvancePos: advancePos counts lines and columns as a walk byte by
// byte does, over text with newlines dense, sparse or absent.
func TestAdvancePos(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		src := make([]byte, r.IntN(300))
		for i := range src {
			if r.IntN([]int{2, 40, 1 << 30}[r.IntN(3)]) == 0 {
				src[i] = '\n'
			} else {
				src[i] = 'a'
			}
		}
		from := r.IntN(len(src) + 1)
		n := r.IntN(len(src) - from + 1)
		got := lexer.Position{Offset: from, Line: 3, Column: 7}
		want := got
		advancePos(&got, src, n)
		for _, b := range src[from : from+n] {
			if want.Column++; b == '\n' {
				want.Line, want.Column = want.Line+1, 1
			}
		}
		want.Offset += n
		if got != want {
			t.Fatalf("%q from %d by %d: %+v, want %+v", src, from, n, got, want)
		}
	}
}
