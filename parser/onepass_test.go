package parser

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
)

// The fast paths that let a huge value be read once, each against the
// slow path it stands for, on generated inputs.

// TestFinder: the next stop a finder gives is the first byte of its set
// from the offset on, for walks that go forward (by a byte, to the stop,
// or by a jump, as a string skipped does) and sometimes back, over texts
// of dense and sparse stops longer than a window.
func TestFinder(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for n := 0; n < 60; n++ {
		size := rng.IntN(3 * findWindow)
		every := []int{2, 10, 300, 5000, findWindow, 4 * findWindow}[rng.IntN(6)]
		src := make([]byte, size)
		for i := range src {
			src[i] = "abc, 1\n"[rng.IntN(7)]
			if rng.IntN(every) == 0 {
				src[i] = "(){}[]\"/"[rng.IntN(8)]
			}
		}
		for _, set := range []string{"{}\"/", "()[]{}\"/"} {
			f := newFinder(set, func(b []byte, j int) int {
				if k := bytes.IndexAny(b[j:], set); k >= 0 {
					return j + k
				}
				return len(b)
			})
			for j := 0; j <= len(src); {
				want := len(src)
				if k := bytes.IndexAny(src[j:], set); k >= 0 {
					want = j + k
				}
				if got := f.next(src, j); got != want {
					t.Fatalf("text %d (%d bytes, a stop every %d), set %q: next(%d) = %d, want %d", n, size, every, set, j, got, want)
				}
				switch rng.IntN(8) {
				case 0:
					j = max(j-rng.IntN(2*findWindow), 0)
				case 1, 2:
					j += rng.IntN(findWindow)
				case 3, 4:
					j = want + 1
				default:
					j++
				}
				if j > len(src) {
					break
				}
			}
		}
	}
}

// skipIntegersBytes is skipIntegers a byte at a time, then the position
// advanced as a white space token is.
func skipIntegersBytes(l *sigLexer) {
	i := l.pos.Offset
	if l.err != nil || l.mode != "" || i >= l.end || !isDigit(l.src[i]) {
		return
	}
	last := i
	for j := i; j < l.end; j++ {
		c := l.src[j]
		if c == ',' || isSpace(c) {
			last = j + 1
		} else if !isDigit(c) {
			break
		}
	}
	if last > i {
		l.advance(last - i)
		l.dimsOK, l.shaped = false, false
	}
}

// TestSkipIntegers: the word pass over a run of integers ends where the
// byte loop does, at the same line and column, on runs of every spacing
// with every kind of end.
func TestSkipIntegers(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for n := 0; n < 20000; n++ {
		var b strings.Builder
		b.WriteString("x\n y")
		for e := rng.IntN(60); e > 0; e-- {
			fmt.Fprintf(&b, "%d%s", rng.IntN(100000), []string{",", ", ", ",\n", " ", "\t", "\r\n", ",  \n\n "}[rng.IntN(7)])
		}
		for e := rng.IntN(6); e > 0; e-- {
			b.WriteByte("0123456789, \n\t\r-x]\"\x01\xff"[rng.IntN(20)])
		}
		src := []byte(b.String())
		start := 4
		end := len(src) - rng.IntN(3)
		if end <= start {
			continue
		}
		pos := lexer.Position{Filename: "f", Line: 2, Column: 2}
		got, want := viewLexer(src, start, end, pos), viewLexer(src, start, end, pos)
		got.skipIntegers()
		skipIntegersBytes(want)
		if got.pos != want.pos || got.dimsOK != want.dimsOK || got.shaped != want.shaped {
			t.Fatalf("%q from %d to %d: at %+v, want %+v", src, start, end, got.pos, want.pos)
		}
	}
}

// hugeFamilies are the elements of long values of each kind: integers,
// negative ones, floats, one a line, typed, nested arrays, strings, the
// elements of a dense literal; and errors, of the grammar's and of the
// lexer's, that can stand among them.
var (
	hugeFamilies = []struct{ open, elem, close string }{
		{"[", "1, ", "1]"},
		{"[", "-12, ", "-12]"},
		{"[", "1.5, ", "1.5]"},
		{"[", "1,\n", "1]"},
		{"[", "1 : i64, ", "1 : i64]"},
		{"[", "[1, 2], ", "[3]]"},
		{"[", `"x", `, `"x"]`},
		{"dense<[", "1, ", "1]> : tensor<?xi32>"},
		{"dense<[", "1.5, ", "1.5]> : tensor<?xf32>"},
		{"dense<[", "-2.5e-3,", "1.]> : tensor<?xf32>"},
		{"dense<[", "[1.5, -2, 3.E5, 4.25e+1], ", "[0.5, 1, 2, 3]]> : tensor<?x4xf32>"},
		{"[", "-1.25E+2, ", "7]"},
		{"[", "0x1F, ", "1.5]"},
	}
	hugeErrors = []string{"1 1, ", "1.5e, ", "1.5.5, ", "-, ", "1.e+, ", "2x3, ", "%%, ", "\x01, ", `"\q", `, "\"x\n\", ", ",, ", strings.Repeat("[", MaxDepth) + ", ", "x, ", "}, "}
)

// TestHugeValues: signatures with long values of every family, valid and
// with an error at their start, middle or end, parse with the decoder
// (the lexer's check going on from where it failed, the anchors it marks
// after long constructs) as with the grammar alone: the same nodes, the
// same positions, the same error.
func TestHugeValues(t *testing.T) {
	defer func(c int) { cutBytes = c }(cutBytes)
	for fi, fam := range hugeFamilies {
		for _, count := range []int{3, 400} {
			for _, at := range []int{-1, 0, count / 2, count - 1} {
				for ei, bad := range hugeErrors {
					if at < 0 && ei > 0 {
						break
					}
					var b strings.Builder
					b.WriteString("func.func @main(%arg0: tensor<4xf32> {foo = " + fam.open)
					for k := 0; k < count; k++ {
						if k == at {
							b.WriteString(bad)
						}
						b.WriteString(fam.elem)
					}
					b.WriteString(fam.close + ", bar = 1},\n  %arg1: tensor<2xf32> {mhlo.sharding = \"{replicated}\"}) -> tensor<4xf32> {\n  return %arg0 : tensor<4xf32>\n}\n")
					name := fmt.Sprintf("family %d, %d elements, error %d at %d", fi, count, ei, at)
					for _, c := range []int{1 << 10, 16} {
						cutBytes = c
						compareParses(t, name, []byte(b.String()))
					}
				}
			}
		}
	}
}

// TestEntryParsedInScan: the entry's signature is parsed when the scan
// reads it, but its error comes after the scan's and the search for the
// entry's, as it did when it was parsed after them.
func TestEntryParsedInScan(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"func.func @main(%a: i32 {x = [1 1]}) {\n}\nfunc.func @main() {\n}\n", "redefinition of symbol named 'main'"},
		{"func.func @main(%a: i32 {x = [1 1]}) {\n}\nfunc.func @f() {\n", "unbalanced '{'"},
		{"func.func @main(%a: i32 {x = [1 1]}) {\n}\n", "1:25: error: unexpected '{'"},
		{"func.func @f(%a: i32 {x = [1 1]}) {\n}\nfunc.func @main(%a: i32) {\n}\n", ""},
	} {
		_, err := ParseFile("f.mlir", []byte(c.src), Options{})
		if (err == nil) != (c.want == "") || err != nil && !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.src, err, c.want)
		}
	}
}

// TestHugeDictionaries: signatures with long dictionaries of distinct
// keys inside a skipped value (read by skimEntries where it can), valid
// and with an error at their start, middle or end, parse with the
// decoder as with the grammar alone, and a key written twice inside them
// is found as the grammar's tree shows it.
func TestHugeDictionaries(t *testing.T) {
	defer func(c int) { cutBytes = c }(cutBytes)
	entries := []func(k int) string{
		func(k int) string { return fmt.Sprintf("k%d = {a = %d, b = {c = \"v\", d = [1, 2]}}", k, k) },
		func(k int) string { return fmt.Sprintf("k%d = %d", k, k) },
		func(k int) string { return fmt.Sprintf("k%d", k) },
		func(k int) string {
			return fmt.Sprintf("k%d = [], j%d = {}, s%d = \"x\\\"y\", f%d = -1.5e3, b%d = true", k, k, k, k, k)
		},
		func(k int) string { return fmt.Sprintf("k%d = {x = 1, x = 2}", k) },
		func(k int) string { return fmt.Sprintf("k%d = {x = {y = [\"a\", false]}}", k) },
	}
	bads := append([]string{"k1 = 7", "k198", "q = {x = 1, x = 2}", "q = {y = {x = 1, x = 2}}", "k = 1 : i32", "k = i32", "k = #a", "k = [[1]]", "k = {x = 1,}", "k = [1,]", "k = \"\\q\"", "k = 1.5.5", "loc = 1", "k = 0x1F", "\"q\" = 1", "k = {x = 1, y}", "k = 2 3"}, hugeErrors...)
	for ei, entry := range entries {
		for _, count := range []int{3, 200} {
			for _, at := range []int{-1, 0, count / 2, count - 1} {
				for bi, bad := range bads {
					if at < 0 && bi > 0 {
						break
					}
					var b strings.Builder
					b.WriteString("func.func @main(%arg0: tensor<4xf32> {foo = {")
					for k := 0; k < count; k++ {
						if k > 0 {
							b.WriteString(", ")
						}
						if k == at {
							b.WriteString(bad + ", ")
						}
						b.WriteString(entry(k))
					}
					b.WriteString("}, bar = 1},\n  %arg1: tensor<2xf32>) -> tensor<4xf32> {\n  return %arg0 : tensor<4xf32>\n}\n")
					name := fmt.Sprintf("entries %d, %d of them, bad %d at %d", ei, count, bi, at)
					for _, c := range []int{1 << 10, 16} {
						cutBytes = c
						compareParses(t, name, []byte(b.String()))
					}
				}
			}
		}
	}
}
