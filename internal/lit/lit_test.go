package lit

import (
	"fmt"
	"io"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/internal/filecheck"
)

// testConfig has small fake tools and the Go FileCheck.
func testConfig() *Config {
	return &Config{
		Features: []string{"has-feature"},
		Tools: map[string]Tool{
			"FileCheck": filecheck.Main,
			"echo-args": func(args []string, _ io.Reader, stdout, _ io.Writer) int {
				for _, a := range args {
					fmt.Fprintln(stdout, a)
				}
				return 0
			},
			"fail-tool": func(_ []string, _ io.Reader, _, stderr io.Writer) int {
				fmt.Fprintln(stderr, "boom")
				return 3
			},
			"cat-tool": func(_ []string, stdin io.Reader, stdout, _ io.Writer) int {
				if _, err := io.Copy(stdout, stdin); err != nil {
					return 1
				}
				return 0
			},
			"panic-tool": func([]string, io.Reader, io.Writer, io.Writer) int {
				panic("tool exploded")
			},
		},
	}
}

// TestRunDirPasses runs the passing tests as subtests.
func TestRunDirPasses(t *testing.T) {
	RunDir(t, filepath.Join("testdata", "pass"), testConfig())
}

func TestFindTestsSkipsInputs(t *testing.T) {
	files, err := findTests(filepath.Join("testdata", "pass"), &Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.Contains(f, "Inputs") {
			t.Errorf("found %s inside Inputs", f)
		}
	}
	if !contains(files, filepath.Join("sub", "nested.mlir")) {
		t.Errorf("nested test not found in %v", files)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestRunFileOutcomes checks the status, failing line and output of tests
// that must not pass.
func TestRunFileOutcomes(t *testing.T) {
	tests := []struct {
		file       string
		status     Status
		line       int
		wantOutput string // substring of stderr or reason
	}{
		{"check-fails.mlir", Fail, 2, "BAD: expected string not found"},
		{"pipefail.mlir", Fail, 1, "boom"},
		{"not-success.mlir", Fail, 1, ""},
		{"and-chain.mlir", Fail, 1, "boom"},
		{"missing-command.mlir", Fail, 1, "command not found"},
		{"xpass.mlir", XPass, 0, ""},
		{"unsupported.mlir", Unsupported, 0, "has-feature || other"},
		{"requires-missing.mlir", Unsupported, 0, "missing-feature"},
		{"bad-quote.mlir", Fail, 1, "missing closing quote"},
		{"panic.mlir", Fail, 1, "tool exploded"},
		{"continued-failure.mlir", Fail, 2, ""},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			res := RunFile(filepath.Join("testdata", "fail", tt.file), testConfig())
			if res.Status != tt.status {
				t.Fatalf("status %v, want %v\n%s", res.Status, tt.status, res.Message())
			}
			if res.Line != tt.line {
				t.Errorf("line %d, want %d\n%s", res.Line, tt.line, res.Message())
			}
			if !strings.Contains(res.Stderr+res.Reason, tt.wantOutput) {
				t.Errorf("output does not contain %q\n%s", tt.wantOutput, res.Message())
			}
		})
	}
}

func TestMessageNamesFileAndLine(t *testing.T) {
	path := filepath.Join("testdata", "fail", "check-fails.mlir")
	msg := RunFile(path, testConfig()).Message()
	if !strings.HasPrefix(msg, path+":2: ") {
		t.Errorf("message does not start with %q:\n%s", path+":2: ", msg)
	}
}

func TestParseList(t *testing.T) {
	tests := []struct {
		in    string
		want  string // rendering of the parsed structure
		isErr bool
	}{
		{in: "a b c", want: "[a b c]"},
		{in: "a | b", want: "[a] | [b]"},
		{in: "a && b || c ; d", want: "[a] && [b] || [c] ; [d]"},
		{in: "a > out 2>&1", want: "[a] >out 2>&1"},
		{in: "a 2> err < in >> app", want: "[a] 2>err <in >>app"},
		{in: "a &> both", want: "[a] &>both"},
		{in: `a 'x y' "p \"q\"" r\ s`, want: `[a x y p "q" r s]`},
		{in: `a "it's" 'say "hi"'`, want: `[a it's say "hi"]`},
		{in: "a |", isErr: true},
		{in: "a &&", isErr: true},
		{in: "| a", isErr: true},
		{in: "a >", isErr: true},
		{in: "a 'b", isErr: true},
		{in: "a & b", isErr: true},
	}
	for _, tt := range tests {
		l, err := parseList(tt.in)
		if tt.isErr {
			if err == nil {
				t.Errorf("parseList(%q) succeeded, want error", tt.in)
			}
			continue
		}
		if err != nil {
			t.Errorf("parseList(%q): %v", tt.in, err)
			continue
		}
		if got := renderList(l); got != tt.want {
			t.Errorf("parseList(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func renderList(l *list) string {
	s := renderPipe(l.first)
	for _, it := range l.rest {
		s += " " + it.op + " " + renderPipe(it.pipe)
	}
	return s
}

func renderPipe(p *pipeline) string {
	var parts []string
	for _, c := range p.cmds {
		s := "[" + strings.Join(c.args, " ") + "]"
		for _, r := range c.redirects {
			fd := ""
			if r.fd >= 0 {
				fd = fmt.Sprint(r.fd)
			}
			s += " " + fd + r.op + r.target
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " | ")
}

func TestFeatureExpressions(t *testing.T) {
	features := map[string]bool{"linux": true, "x86_64": true, "go1.26": true}
	tests := []struct {
		expr  string
		want  bool
		isErr bool
	}{
		{expr: "linux", want: true},
		{expr: "windows", want: false},
		{expr: "!windows", want: true},
		{expr: "linux && x86_64", want: true},
		{expr: "linux && windows", want: false},
		{expr: "windows || go1.26", want: true},
		{expr: "!(linux && windows)", want: true},
		{expr: "windows || linux && !x86_64", want: false},
		{expr: "true", want: true},
		{expr: "false || !true", want: false},
		{expr: "linux &&", isErr: true},
		{expr: "(linux", isErr: true},
		{expr: "linux windows", isErr: true},
		{expr: "a $ b", isErr: true},
	}
	for _, tt := range tests {
		got, err := evalFeatureExpr(tt.expr, features)
		if (err != nil) != tt.isErr {
			t.Errorf("evalFeatureExpr(%q) error = %v, want error %v", tt.expr, err, tt.isErr)
			continue
		}
		if got != tt.want {
			t.Errorf("evalFeatureExpr(%q) = %v, want %v", tt.expr, got, tt.want)
		}
	}
}

func TestSubstitute(t *testing.T) {
	v := &vars{source: "/src/dir/t.mlir", sourceDir: "/src/dir", tmpBase: "/tmp/x/t.mlir.tmp", tmpDir: "/tmp/x", basenameT: "t.mlir.tmp"}
	extra := []Substitution{{From: "FileCheck", To: "FileCheck-19", WordBoundary: true}}
	tests := []struct{ in, want string }{
		{"tool %s -o %t", "tool /src/dir/t.mlir -o /tmp/x/t.mlir.tmp"},
		{"cat %S/Inputs/a %p", "cat /src/dir/Inputs/a /src/dir"},
		{"echo 50%% %%s", "echo 50% %s"},
		{"ls %T %basename_t", "ls /tmp/x t.mlir.tmp"},
		{"FileCheck %s", "FileCheck-19 /src/dir/t.mlir"},
		{"not-FileCheck MyFileCheck FileCheck.py", "not-FileCheck MyFileCheck FileCheck.py"},
	}
	for _, tt := range tests {
		if got := substitute(tt.in, v, extra); got != tt.want {
			t.Errorf("substitute(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParseScript(t *testing.T) {
	sc, err := parseScript(filepath.Join("testdata", "pass", "continuation.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	want := []command{{line: 1, text: " echo-args one    two three    | FileCheck %s"}}
	if !reflect.DeepEqual(sc.commands, want) {
		t.Errorf("commands = %+v, want %+v", sc.commands, want)
	}
}
