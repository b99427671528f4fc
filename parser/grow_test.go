package parser_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/internal/arrivingtest"
	"github.com/mhlo-alias/mhlo-alias/parser"
)

// parseRecord is what one ParseFile call gives, hooks included, for
// comparing a growing input's parse with the whole input's.
type parseRecord struct {
	File    *ast.File
	Err     string
	Early   []*ast.File
	Headers []*ast.Module
}

// parseIn parses src; with more, src is the first part of the input
// and more gives the rest (Options.More).
func parseIn(src []byte, more func() []byte) parseRecord {
	var r parseRecord
	opts := parser.Options{
		Early:  func(f *ast.File) { r.Early = append(r.Early, f) },
		Header: func(m *ast.Module) { r.Headers = append(r.Headers, m) },
		More:   more,
	}
	f, err := parser.ParseFile("g.mlir", src, opts)
	r.File = f
	if err != nil {
		r.Err = err.Error()
	}
	return r
}

// TestGrowingInput parses every module of the repository's test data as
// it would arrive from a pipe, a few bytes at a time and in larger
// pieces: the file, the errors and what the hooks saw are the same as
// when the whole input is there at once.
func TestGrowingInput(t *testing.T) {
	keep := func(path string) bool {
		return strings.HasSuffix(path, ".mlir") || strings.Contains(path, "FuzzParseFile")
	}
	arrivingtest.CompareAll(t, 50, keep, parseIn, "../testdata", "testdata")
}

// FuzzGrowingInput checks any text, arriving in pieces whose sizes the
// fuzzer picks, against the parse of the whole of it.
func FuzzGrowingInput(f *testing.F) {
	files, _ := filepath.Glob("../testdata/examples/*.mlir")
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(b, uint64(1))
		}
	}
	f.Add([]byte(`module { func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> { "x"() : () -> () } }`), uint64(7))
	f.Fuzz(func(t *testing.T, src []byte, seed uint64) {
		rng := rand.New(rand.NewPCG(seed, seed>>32))
		arrivingtest.Compare(t, "input", src, rng, 1+int(seed%97), parseIn)
	})
}
