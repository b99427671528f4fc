package parser_test

import (
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
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

// parseSkimming parses src as a large file is read: the scan's input
// grows in pieces of up to most bytes (Options.More), and a body that
// runs past it is read through windows of up to window bytes
// (Options.Window), after which the input holds where the scan goes on
// (Options.SkipTo).
func parseSkimming(src []byte, rng *rand.Rand, most, window int) parseRecord {
	n := 0
	grow := func() []byte {
		n = min(len(src), n+1+rng.IntN(most))
		return src[:n]
	}
	first := grow()
	var r parseRecord
	opts := parser.Options{
		Early:  func(f *ast.File) { r.Early = append(r.Early, f) },
		Header: func(m *ast.Module) { r.Headers = append(r.Headers, m) },
		More:   grow,
		Window: func(off int) []byte {
			return src[off:min(len(src), off+1+rng.IntN(window))]
		},
		SkipTo: func(off int) []byte {
			n = max(n, min(len(src), off+1+rng.IntN(most)))
			return src[:n]
		},
	}
	f, err := parser.ParseFile("g.mlir", first, opts)
	r.File = f
	if err != nil {
		r.Err = err.Error()
	}
	return r
}

// compareSkimming checks parseSkimming of src, with pieces and windows
// of several sizes, against the parse of the whole.
func compareSkimming(t *testing.T, name string, src []byte, rng *rand.Rand) {
	t.Helper()
	want := parseIn(src, nil)
	for _, most := range []int{1, 64, 4096} {
		for _, window := range []int{1, 3, 64, 4096} {
			if got := parseSkimming(src, rng, most, window); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: parsed through windows (pieces up to %d, windows up to %d bytes):\n%+v\nwhole:\n%+v", name, most, window, got, want)
				return
			}
		}
	}
}

// TestSkimmedBodies parses every module of the test data, and bodies
// made to cross window boundaries in every way (strings, escapes,
// comments, a '/' at a window's end, unterminated), with their bodies
// read through windows: the same result as the whole input's.
func TestSkimmedBodies(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	bodies := []string{
		`{ "a" }`, `{ "a\"b" }`, `{ "a\\" }`, `{ "a\\\"}" }`, `{ "\\\\\\\\" {} }`,
		"{ // } comment\n }", "{ / }", "{ a / b // c }\n }", `{ { "}" } }`,
		`{ "unterminated }`, "{ { }", "{ // no newline }",
		"{ \"x\\\n\" \n\n\n }", "{ \"a\nb\n\" \"\n\" }\n", "{ \"\\\\\n\" \"\n\\\"\n\" \n }",
	}
	n := 0
	for _, b := range bodies {
		for _, pad := range []int{0, 1, 2, 5} {
			src := "module {\n  func.func private @f() {\n" + strings.Repeat(" ", pad) + b + "\n  }\n" +
				"  func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> { \"b\" }\n}\n"
			compareSkimming(t, b, []byte(src), rng)
			n++
		}
	}
	filepath.WalkDir("../testdata", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".mlir") {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			compareSkimming(t, path, src, rng)
			n++
		}
		return nil
	})
	if n < 100 {
		t.Fatalf("only %d inputs", n)
	}
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
		compareSkimming(t, "input", src, rng)
	})
}
