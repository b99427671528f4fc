package filecheck

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestCheckAPI(t *testing.T) {
	tests := []struct {
		name     string
		check    string
		input    string
		opts     Options
		wantCode int    // 0 for success
		wantDiag string // substring of the diagnostics
	}{
		{name: "pass", check: "CHECK: b\n", input: "a b c\n"},
		{name: "fail", check: "CHECK: z\n", input: "a\n", wantCode: 1,
			wantDiag: "<check>:1:8: error: CHECK: expected string not found in input"},
		{name: "names", check: "CHECK: z\n", input: "a\n", wantCode: 1,
			opts:     Options{CheckFileName: "t.mlir", InputFileName: "out"},
			wantDiag: "out:1:1: note: scanning from here"},
		{name: "prefixes", check: "A: x\nB-NEXT: y\n", input: "x\ny\n",
			opts: Options{CheckPrefixes: []string{"A", "B"}}},
		{name: "no-prefix", check: "A: x\n", input: "x\n", wantCode: 2,
			wantDiag: "no check strings found with prefix 'CHECK:'"},
		{name: "bad-regex", check: "CHECK: {{[}}\n", input: "x\n", wantCode: 2,
			wantDiag: "invalid regex: brackets ([ ]) not balanced"},
		{name: "implicit-not", check: "CHECK: ok\n", input: "ok\nbad\n", wantCode: 1,
			opts:     Options{ImplicitCheckNot: []string{"bad"}},
			wantDiag: "command line:1:22: error: IMPLICIT-CHECK-NOT: excluded string found in input"},
		{name: "define", check: "CHECK: [[V]]\n", input: "val\n", opts: Options{Defines: []string{"V=val"}}},
		{name: "empty-input", check: "CHECK: x\n", input: "", wantCode: 2, wantDiag: "is empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Check([]byte(tt.check), []byte(tt.input), tt.opts)
			checkResult(t, err, tt.wantCode, tt.wantDiag)
		})
	}
}

// checkResult requires Check's error to have the exit code wantCode (0:
// no error) and diagnostics holding wantDiag.
func checkResult(t *testing.T, err error, wantCode int, wantDiag string) {
	t.Helper()
	if wantCode == 0 {
		if err != nil {
			t.Fatalf("Check failed: %v", err)
		}
		return
	}
	var fe *Error
	if !errors.As(err, &fe) {
		t.Fatalf("Check error = %v, want *Error", err)
	}
	if fe.Code != wantCode {
		t.Errorf("code %d, want %d\n%s", fe.Code, wantCode, fe.Diagnostics)
	}
	if !strings.Contains(fe.Diagnostics, wantDiag) {
		t.Errorf("diagnostics lack %q:\n%s", wantDiag, fe.Diagnostics)
	}
}

func TestCanonicalize(t *testing.T) {
	tests := []struct {
		in     string
		strict bool
		want   string
	}{
		{in: "a  \t b", want: "a b"},
		{in: "a  \t b", strict: true, want: "a  \t b"},
		{in: "a\r\nb\r", want: "a\nb\r"},
		{in: "a\r\nb", strict: true, want: "a\nb"},
		{in: "\t\tx", want: " x"},
	}
	for _, tt := range tests {
		if got := canonicalize([]byte(tt.in), tt.strict); got != tt.want {
			t.Errorf("canonicalize(%q, %v) = %q, want %q", tt.in, tt.strict, got, tt.want)
		}
	}
}

func TestParseEREErrors(t *testing.T) {
	tests := []struct{ expr, want string }{
		{"", errEmpty},
		{"a|", errEmpty},
		{"(|a)", errEmpty},
		{"*a", errBadRpt},
		{"a**", errBadRpt},
		{"^*", errBadRpt},
		{"{1}", errBadRpt},
		{"(a", errEParen},
		{"a)", errEParen},
		{"[a", errEBrack},
		{"a{1", errEBrace},
		{"a{2,1}", errBadBr},
		{"a{1x}", errBadBr},
		{"[b-a]", errERange},
		{"[[:nope:]]", errECType},
		{`a\`, errEEscape},
		{`\1`, errESubReg},
		{`(a\1)`, errESubReg},
	}
	for _, tt := range tests {
		_, _, err := parseERE(tt.expr, 0)
		if err == nil || err.Error() != tt.want {
			t.Errorf("parseERE(%q) error = %v, want %q", tt.expr, err, tt.want)
		}
	}
}

func TestEREMatching(t *testing.T) {
	tests := []struct {
		expr, in string
		want     string // matched text, or "<none>"
	}{
		{"a.c", "abc", "abc"},
		{"a.c", "a\nc", "<none>"},
		{"a[^x]c", "a\nc", "<none>"},
		{"a[[:space:]]c", "a\nc", "a\nc"},
		{"a|ab", "abc", "ab"},
		{`\d`, "1d", "d"},
		{"^b", "a\nb", "b"},
		{"a$", "ab\na", "a"},
		{"a{x", "a{x", "a{x"},
		{"[]a]+", "x]a]", "]a]"},
		{`[\]`, `a\b`, `\`},
		{`(ab)\1`, "xabab", "abab"},
		{`(a*)b\1`, "aabaa", "aabaa"},
		{"a..b", "a\xc3\xa9b", "a\xc3\xa9b"},
		{"a.b", "a\xc3\xa9b", "<none>"},
	}
	for _, tt := range tests {
		re, err := compileERE(tt.expr, false)
		if err != nil {
			t.Errorf("compileERE(%q): %v", tt.expr, err)
			continue
		}
		s := newSubject(tt.in)
		got := "<none>"
		if loc := re.find(s, 0, len(tt.in)); loc != nil {
			got = tt.in[loc[0]:loc[1]]
		}
		if got != tt.want {
			t.Errorf("match %q in %q = %q, want %q", tt.expr, tt.in, got, tt.want)
		}
	}
}

func TestMainUsage(t *testing.T) {
	tests := []struct {
		args []string
		code int
	}{
		{args: nil, code: 2},
		{args: []string{"--bogus", "x"}, code: 1},
		{args: []string{"a", "b"}, code: 1},
		{args: []string{"--check-prefix"}, code: 1},
		{args: []string{"does-not-exist.txt"}, code: 2},
		{args: []string{"--help"}, code: 0},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		if code := Main(tt.args, strings.NewReader("x\n"), &out, &errb); code != tt.code {
			t.Errorf("Main(%q) = %d, want %d\n%s", tt.args, code, tt.code, errb.String())
		}
	}
}
