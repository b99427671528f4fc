package remarks

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
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
