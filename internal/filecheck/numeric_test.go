package filecheck

import (
	"testing"
)

// TestNumeric covers @LINE expressions and numeric variables through the
// library API, including the forms this FileCheck reports as unsupported
// (which LLVM accepts, so the differential cases cannot hold them).
func TestNumeric(t *testing.T) {
	tests := []struct {
		name     string
		check    string
		input    string
		defines  []string
		wantCode int    // 0 for success
		wantDiag string // substring of the diagnostics
	}{
		{name: "line", check: "CHECK: [[@LINE]] [[@LINE+2]] [[@LINE-1]]\n", input: "1 3 0\n"},
		{name: "line-third", check: "\n\nCHECK: t.mlir:[[@LINE+1]]:5: error\n", input: "t.mlir:4:5: error\n"},
		{name: "line-note", check: "CHECK: x\nCHECK: at [[@LINE+1]]\n", input: "x\nat 2\n", wantCode: 1,
			wantDiag: `<stdin>:1:2: note: with "@LINE+1" equal to "3"`},
		{name: "line-overflow", check: "CHECK: at [[@LINE-2]]\n", input: "at 0\n", wantCode: 1,
			wantDiag: "<check>:1:13: error: unable to substitute variable or numeric expression: overflow error"},
		{name: "line-spaces", check: "CHECK: [[@LINE + 1]]\n", input: "2\n", wantCode: 2,
			wantDiag: "<check>:1:15: error: unexpected whitespace"},
		{name: "line-missing-operand", check: "CHECK: [[@LINE+]]\n", input: "2\n", wantCode: 2,
			wantDiag: "<check>:1:16: error: missing operand in expression"},
		{name: "line-bad-name", check: "CHECK: [[@LINEX]]\n", input: "2\n", wantCode: 2,
			wantDiag: "invalid pseudo numeric variable '@LINEX'"},
		{name: "line-bad-op", check: "CHECK: [[@LINE*2]]\n", input: "2\n", wantCode: 2,
			wantDiag: "<check>:1:15: error: unsupported operation '*'"},
		{name: "line-label", check: "CHECK-LABEL: [[@LINE]]\n", input: "1\n", wantCode: 2,
			wantDiag: "found 'CHECK-LABEL:' with variable definition or use"},
		{name: "num-block-spaces", check: "CHECK: [[# @LINE + 1 ]]\n", input: "2\n"},
		{name: "num-def-use", check: "CHECK: x[[#N:]]\nCHECK: y[[#N+1]] [[#N-1]]\n", input: "x5\ny6 4\n"},
		{name: "num-wildcard", check: "CHECK: a[[#]]b\n", input: "a123b\n"},
		{name: "num-wildcard-digits", check: "CHECK: a[[#]]b\n", input: "a-1b\n", wantCode: 1},
		{name: "num-big", check: "CHECK: x[[#N:]]\nCHECK: y[[#N+1]]\n",
			input: "x99999999999999999999\ny100000000000000000000\n"},
		{name: "num-undefined", check: "CHECK: [[#N]]\n", input: "1\n", wantCode: 1,
			wantDiag: "<check>:1:11: error: undefined variable: N"},
		{name: "num-same-line", check: "CHECK: [[#N:]] [[#N]]\n", input: "1 1\n", wantCode: 2,
			wantDiag: "numeric variable 'N' defined earlier in the same CHECK directive"},
		{name: "cmdline", check: "CHECK: [[#X+1]]\n", input: "8\n", defines: []string{"#X=7"}},
		{name: "cmdline-expr", check: "CHECK: [[#Y]]\n", input: "9\n", defines: []string{"#X=7", "#Y=X+2"}},
		{name: "cmdline-undefined", check: "CHECK: x\n", input: "x\n", defines: []string{"#X=Y"}, wantCode: 2,
			wantDiag: "undefined variable: Y"},
		{name: "cmdline-bad-name", check: "CHECK: x\n", input: "x\n", defines: []string{"#X+1=5"}, wantCode: 2,
			wantDiag: "Global defines:1:42: error: unexpected characters after numeric variable name"},
		{name: "cmdline-empty", check: "CHECK: x\n", input: "x\n", defines: []string{"#X="}, wantCode: 2,
			wantDiag: "Missing numeric value in command-line definition '-D#X='"},
		{name: "unsupported-format", check: "CHECK: [[#%x,N:]]\n", input: "ff\n", wantCode: 2,
			wantDiag: "<check>:1:11: error: format specifiers in numeric expressions are not supported"},
		{name: "unsupported-call", check: "CHECK: [[#add(1,2)]]\n", input: "3\n", wantCode: 2,
			wantDiag: "function calls in numeric expressions are not supported"},
		{name: "unsupported-parens", check: "CHECK: [[#(1)]]\n", input: "1\n", wantCode: 2,
			wantDiag: "parenthesized expressions in numeric expressions are not supported"},
		{name: "unsupported-hex", check: "CHECK: [[#0x10]]\n", input: "16\n", wantCode: 2,
			wantDiag: "non-decimal literals in numeric expressions are not supported"},
		{name: "unsupported-octal", check: "CHECK: [[#N:]]\nCHECK: [[#N+010]]\n", input: "1\n9\n", wantCode: 2,
			wantDiag: "non-decimal literals"},
		{name: "unsupported-cmdline-hex", check: "CHECK: x\n", input: "x\n", defines: []string{"#X=0x10"}, wantCode: 2,
			wantDiag: "non-decimal literals"},
		{name: "legacy-decimal-only", check: "CHECK: [[@LINE+010]]\n", input: "11\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Check([]byte(tt.check), []byte(tt.input), Options{Defines: tt.defines})
			checkResult(t, err, tt.wantCode, tt.wantDiag)
		})
	}
}

// TestLineNumberCache checks that line numbers are right whatever order
// offsets are asked in.
func TestLineNumberCache(t *testing.T) {
	s := &source{text: "a\nb\nc\nd", numbered: true}
	for _, tc := range []struct{ off, line int }{{0, 1}, {4, 3}, {6, 4}, {2, 2}, {3, 2}, {6, 4}} {
		if got := s.lineNumber(tc.off); got != tc.line {
			t.Errorf("lineNumber(%d) = %d, want %d", tc.off, got, tc.line)
		}
	}
	if got := (&source{text: "a\nb"}).lineNumber(2); got != 0 {
		t.Errorf("lineNumber in an unnumbered source = %d, want 0", got)
	}
}
