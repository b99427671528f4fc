package remarks

import (
	"bytes"
	"strings"
	"testing"

	"fmt"
	"github.com/mhlo-alias/mhlo-alias/ast"
	"math/rand/v2"
	"unicode"
	"unicode/utf8"
)

func sample() ast.Remark {
	return ast.Remark{
		Pos:  ast.Pos{Filename: "f.mlir", Offset: 26, Line: 2, Column: 18},
		Kind: ast.RemarkMissed, Pass: "aws_neuron_buffer_donation_to_alias", Category: "donor-unused", Function: "main",
		Message:    "donor parameter 0 at {} f32[8,4]{1,0} is not used by any output",
		Reason:     "byte-size: output {0} f32[32]{0} has the same byte size (128 bytes) but another shape",
		Suggestion: "none",
	}
}

const sampleSrc = "module {\n\tfunc.func @main(%arg0: tensor<8x4xf32>) -> tensor<32xf32> {\n"

func TestMessage(t *testing.T) {
	want := `[Missed] aws_neuron_buffer_donation_to_alias | Category:donor-unused | ` +
		`Reason="byte-size: output {0} f32[32]{0} has the same byte size (128 bytes) but another shape", ` +
		`Remark="donor parameter 0 at {} f32[8,4]{1,0} is not used by any output", Suggestion=none`
	if got := Message(sample()); got != want {
		t.Errorf("Message:\n got %s\nwant %s", got, want)
	}
	r := ast.Remark{Kind: ast.RemarkAnalysis, Pass: "p", Category: "memory", Message: "x"}
	if got := Message(r); got != "[Analysis] p | Category:memory | Remark=x" {
		t.Errorf("Message = %s", got)
	}
}

func TestWriteDiagnostic(t *testing.T) {
	var b bytes.Buffer
	if err := WriteDiagnostic(&b, sample(), []byte(sampleSrc)); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "f.mlir:2:18: remark: [Missed] ") {
		t.Fatalf("got %q", b.String())
	}
	// The tab expands to eight columns; the caret is under '%'.
	if lines[1] != "        func.func @main(%arg0: tensor<8x4xf32>) -> tensor<32xf32> {" || lines[2] != strings.Repeat(" ", 24)+"^" {
		t.Errorf("source and caret:\n%s\n%s", lines[1], lines[2])
	}
	b.Reset()
	r := sample()
	r.Pos = ast.Pos{}
	WriteDiagnostic(&b, r, nil)
	if !strings.HasPrefix(b.String(), "<stdin>: remark: [Missed]") || strings.Count(b.String(), "\n") != 1 {
		t.Errorf("no position: %q", b.String())
	}
}

func TestWriteYAML(t *testing.T) {
	var b bytes.Buffer
	if err := WriteYAML(&b, sample()); err != nil {
		t.Fatal(err)
	}
	want := `--- !Missed
Pass:            donor-unused
Name:            aws_neuron_buffer_donation_to_alias
DebugLoc:        { File: f.mlir, Line: 2, Column: 18 }
Function:        main
Args:
  - Remark:          'donor parameter 0 at {} f32[8,4]{1,0} is not used by any output'
  - Reason:          'byte-size: output {0} f32[32]{0} has the same byte size (128 bytes) but another shape'
  - Suggestion:      none
...
`
	if b.String() != want {
		t.Errorf("YAML:\n%s\nwant:\n%s", b.String(), want)
	}
}

// TestDebugLocWrap checks the flow mapping's break past column 70, as
// mlir-opt 22 wraps a long file name.
func TestDebugLocWrap(t *testing.T) {
	var b strings.Builder
	debugLoc(&b, ast.Pos{Filename: "a/very/long/directory/name/that/goes/on/and/on/forever/and/ever/and/more/x'y.mlir", Line: 3, Column: 5})
	want := "{ File: 'a/very/long/directory/name/that/goes/on/and/on/forever/and/ever/and/more/x''y.mlir', \n                   Line: 3, Column: 5 }\n"
	if b.String() != want {
		t.Errorf("got  %q\nwant %q", b.String(), want)
	}
}

func TestScalar(t *testing.T) {
	tests := map[string]string{
		"":                            "''",
		"main":                        "main",
		"t.mlir":                      "t.mlir",
		"sp ace.mlir":                 "sp ace.mlir",
		"d/e/x.mlir":                  "'d/e/x.mlir'",
		"123":                         "'123'",
		"1.5e3":                       "'1.5e3'",
		"0x1F":                        "'0x1F'",
		"true":                        "'true'",
		"null":                        "'null'",
		"<unknown function>":          "'<unknown function>'",
		"it's":                        "'it''s'",
		"-x":                          "'-x'",
		" lead":                       "' lead'",
		"a,b_c-d^e.f":                 "a,b_c-d^e.f",
		"caf\u00e9":                   `"caf\u00E9"`,
		"tab\there":                   "tab\there",
		"bell\a":                      `"bell\x07"`,
		"because we are testing (it)": "'because we are testing (it)'",
	}
	for in, want := range tests {
		if got := Scalar(in); got != want {
			t.Errorf("Scalar(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestFilter(t *testing.T) {
	passed := ast.Remark{Kind: ast.RemarkPassed, Pass: "add-may-aliases", Category: "alias-added"}
	missed := ast.Remark{Kind: ast.RemarkMissed, Pass: "add-may-aliases", Category: "output-unaliased"}
	analysis := ast.Remark{Kind: ast.RemarkAnalysis, Pass: "add-may-aliases", Category: "memory"}
	tests := []struct {
		opts FilterOptions
		want [3]bool // passed, missed, analysis
	}{
		{FilterOptions{}, [3]bool{}},
		{FilterOptions{All: ".*"}, [3]bool{true, true, true}},
		{FilterOptions{All: "alias"}, [3]bool{}},                      // a whole-name match, not a search
		{FilterOptions{All: "alias-.*"}, [3]bool{true, false, false}}, // by category
		{FilterOptions{All: "add-.*"}, [3]bool{true, true, true}},     // by pass name
		{FilterOptions{All: "^alias-added$"}, [3]bool{true, false, false}},
		{FilterOptions{Missed: ".*"}, [3]bool{false, true, false}},
		{FilterOptions{All: "memory", Missed: ".*"}, [3]bool{false, true, true}}, // the union
		{FilterOptions{All: ".*", Missed: "nomatch"}, [3]bool{true, true, true}},
		{FilterOptions{Analysis: "memory|alias-added"}, [3]bool{false, false, true}},
	}
	for _, tt := range tests {
		f, err := NewFilter(tt.opts)
		if err != nil {
			t.Fatal(err)
		}
		got := [3]bool{f.Match(passed), f.Match(missed), f.Match(analysis)}
		if got != tt.want {
			t.Errorf("%+v: got %v, want %v", tt.opts, got, tt.want)
		}
		if f.Enabled() != (tt.opts != FilterOptions{}) {
			t.Errorf("%+v: Enabled = %v", tt.opts, f.Enabled())
		}
	}
	if _, err := NewFilter(FilterOptions{Missed: "("}); err == nil || !strings.Contains(err.Error(), "--remarks-filter-missed=(") {
		t.Errorf("bad expression: %v", err)
	}
}

func TestWriteSourceLineWindowAndEscapes(t *testing.T) {
	long := strings.Repeat("a", 300) + "X" + strings.Repeat("b", 300)
	var b bytes.Buffer
	WriteSourceLine(&b, ast.Pos{Line: 1, Column: 301, Offset: 300}, []byte(long), 120)
	line, caret, _ := strings.Cut(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(line) != 120 || len(caret) > 120 || line[len(caret)-1] != 'X' || strings.TrimLeft(caret, " ") != "^" {
		t.Errorf("window:\n%s\n%s", line, caret)
	}
	b.Reset()
	WriteSourceLine(&b, ast.Pos{Line: 1, Column: 4, Offset: 3}, []byte("a\x00\xffb c"), 0)
	if want := "a\\x00\\xffb c\n         ^\n"; b.String() != want {
		t.Errorf("escapes: got %q, want %q", b.String(), want)
	}
}

// naiveSourceLine is WriteSourceLine's reference: the whole line's cells
// first, then the window, as the first version of it printed them.
func naiveSourceLine(pos ast.Pos, src []byte, width int) string {
	start := bytes.LastIndexByte(src[:pos.Offset], '\n') + 1
	end := bytes.IndexByte(src[pos.Offset:], '\n')
	if end < 0 {
		end = len(src)
	} else {
		end += pos.Offset
	}
	line := bytes.TrimSuffix(src[start:end], []byte("\r"))
	type cell struct {
		text string
		col  int
	}
	var cells []cell
	caret, col := -1, 0
	for i := 0; i < len(line); {
		if i >= pos.Offset-start && caret < 0 {
			caret = col
		}
		r, n := utf8.DecodeRune(line[i:])
		var text string
		switch {
		case r == '\t':
			text = strings.Repeat(" ", 8-col%8)
		case r == utf8.RuneError && n <= 1, r < 0x20, r == 0x7f, !unicode.IsPrint(r) && r != ' ':
			for _, c := range line[i : i+n] {
				text += fmt.Sprintf("\\x%02x", c)
			}
		default:
			text = string(line[i : i+n])
		}
		cells = append(cells, cell{text, col})
		col += utf8.RuneCountInString(text)
		i += n
	}
	if caret < 0 {
		caret = col
	}
	lo, hi := 0, col
	if width > 0 && col > width {
		lo = max(0, min(caret-width/2, col-width))
		hi = lo + width
	}
	var b strings.Builder
	for _, c := range cells {
		if c.col >= lo && c.col+utf8.RuneCountInString(c.text) <= hi {
			b.WriteString(c.text)
		} else if c.col < lo && c.col+utf8.RuneCountInString(c.text) > lo {
			lo = c.col + utf8.RuneCountInString(c.text)
		}
	}
	return b.String() + "\n" + strings.Repeat(" ", max(0, caret-lo)) + "^\n"
}

// TestWriteSourceLineBounded checks the windowed source line against the
// naive one on random lines of every kind of byte: the same text, except
// that a tab's width may differ in a window that starts past the reach
// of the line's start (so lines with tabs are compared only when short).
func TestWriteSourceLineBounded(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"a", "b", " ", ",", "é", "日本", "\x00", "\xff", "\x1b", "\r", "\n", "🙂", "\xe6\x97"}
	for iter := 0; iter < 3000; iter++ {
		var src strings.Builder
		n := rng.IntN(4000)
		tabs := rng.IntN(4) == 0
		for src.Len() < n {
			if tabs && rng.IntN(20) == 0 {
				src.WriteByte('\t')
				continue
			}
			src.WriteString(pieces[rng.IntN(len(pieces))])
		}
		text := []byte(src.String())
		off := rng.IntN(len(text) + 1)
		for off < len(text) && !utf8.RuneStart(text[off]) {
			off++
		}
		width := []int{0, 20, 120}[rng.IntN(3)]
		lineStart := bytes.LastIndexByte(text[:off], '\n') + 1
		if tabs && width > 0 && off-lineStart > 4*width {
			continue
		}
		var b bytes.Buffer
		WriteSourceLine(&b, ast.Pos{Line: 1, Column: 1, Offset: off}, text, width)
		if want := naiveSourceLine(ast.Pos{Offset: off}, text, width); b.String() != want {
			t.Fatalf("offset %d width %d of %q:\ngot  %q\nwant %q", off, width, text, b.String(), want)
		}
	}
}

// TestWriteSourceLineLongLine: on a line of 64 MB, each call reads a
// window, not the line: a thousand diagnostics on it take no more than
// their output (allocation per call, measured, stays small).
func TestWriteSourceLineLongLine(t *testing.T) {
	line := bytes.Repeat([]byte("1, "), 64<<20/3)
	var b bytes.Buffer
	allocs := testing.AllocsPerRun(100, func() {
		b.Reset()
		WriteSourceLine(&b, ast.Pos{Line: 1, Column: 1, Offset: len(line) / 2}, line, 120)
	})
	if b.Len() > 2*121+2 || allocs > 2 {
		t.Errorf("%d bytes written, %.0f allocations per call", b.Len(), allocs)
	}
}
