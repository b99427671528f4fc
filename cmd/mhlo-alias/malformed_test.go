package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// deadline is how long one malformed input may take; longer is a hang.
const deadline = 5 * time.Second

// toolRun is the outcome of one in-process run of the tool.
type toolRun struct {
	code           int
	stdout, stderr string
	panic          string // the panic value and stack, if it panicked
}

// runBounded runs the tool in-process under the deadline, turning a panic
// into a result and a hang into a test failure.
func runBounded(t *testing.T, args []string, stdin []byte) toolRun {
	t.Helper()
	done := make(chan toolRun, 1)
	go func() {
		var r toolRun
		defer func() {
			if p := recover(); p != nil {
				r.panic = fmt.Sprintf("%v\n%s", p, debug.Stack())
				done <- r
			}
		}()
		r.code, r.stdout, r.stderr = runTool(args, stdin)
		done <- r
	}()
	select {
	case r := <-done:
		return r
	case <-time.After(deadline):
		t.Fatalf("%s: no result after %v: the tool hangs", shortArgs(args), deadline)
	}
	return toolRun{}
}

// shortArgs prints args for a message, cutting long ones.
func shortArgs(args []string) string {
	out := make([]string, len(args))
	for i, a := range args {
		if len(a) > 60 {
			a = a[:60] + "..."
		}
		out[i] = a
	}
	return strings.Join(out, " ")
}

// diagnosis is what a malformed input must produce: an error at line:col
// (col 0: any column on that line; line 0: any position inside the input)
// whose message holds msg.
type diagnosis struct {
	line, col int
	msg       string
}

// checkRejected requires exit status 1, nothing on stdout, no panic,
// printable diagnostics, and an error diagnostic as want says, named
// display; src is the input, to check positions against.
func checkRejected(t *testing.T, r toolRun, display string, src []byte, want diagnosis) {
	t.Helper()
	if r.panic != "" || strings.Contains(r.stderr, "panic") || strings.Contains(r.stderr, "goroutine ") {
		t.Fatalf("panic:\n%s%s", r.panic, cut(r.stderr))
	}
	if r.code != 1 {
		t.Fatalf("exit status %d, want 1; stderr:\n%s", r.code, cut(r.stderr))
	}
	if r.stdout != "" {
		t.Errorf("stdout holds %d bytes, want none:\n%s", len(r.stdout), cut(r.stdout))
	}
	if !findDiagnostic(r.stderr, display, src, want) {
		t.Errorf("no diagnostic %s:%d:%d: error: ...%s...; stderr:\n%s", display, want.line, want.col, want.msg, cut(r.stderr))
	}
}

// findDiagnostic reports whether stderr holds an error line that matches
// want and points inside src.
func findDiagnostic(stderr, display string, src []byte, want diagnosis) bool {
	for _, line := range strings.Split(stderr, "\n") {
		rest, ok := strings.CutPrefix(line, display+":")
		if !ok {
			continue
		}
		pos, msg, ok := strings.Cut(rest, ": error: ")
		if !ok || !strings.Contains(msg, want.msg) {
			continue
		}
		l, c, ok := parseLineCol(pos)
		if !ok || !inside(src, l, c) {
			continue
		}
		if (want.line == 0 || l == want.line) && (want.col == 0 || c == want.col) {
			return true
		}
	}
	return false
}

func parseLineCol(s string) (int, int, bool) {
	ls, cs, ok := strings.Cut(s, ":")
	l, err1 := strconv.Atoi(ls)
	c, err2 := strconv.Atoi(cs)
	return l, c, ok && err1 == nil && err2 == nil
}

// inside reports whether line:col is a position in src, the end of the
// text included.
func inside(src []byte, line, col int) bool {
	lines := bytes.Split(src, []byte("\n"))
	return line >= 1 && line <= len(lines) && col >= 1 && col <= len(lines[line-1])+1
}

// checkPrintable requires diagnostics to be valid UTF-8 without control
// characters, whatever bytes the input holds.
func checkPrintable(t *testing.T, stderr string) {
	t.Helper()
	if !utf8.ValidString(stderr) {
		t.Errorf("stderr is not valid UTF-8: %q", cut(stderr))
	}
	for _, c := range stderr {
		if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f {
			t.Errorf("stderr holds the control character %q: %q", c, cut(stderr))
			return
		}
	}
}

// cut shortens a text for a failure message.
func cut(s string) string {
	if len(s) > 2000 {
		return s[:2000] + fmt.Sprintf("... (%d bytes)", len(s))
	}
	return s
}

// readExpectation reads the header of a file of testdata/malformed: a
// first line `// ERROR: line:col: message`, and optionally a line
// `// FLAGS: ...` with the flags to run the tool with.
func readExpectation(t *testing.T, src []byte) (diagnosis, []string) {
	t.Helper()
	first, rest, _ := strings.Cut(string(src), "\n")
	spec, ok := strings.CutPrefix(first, "// ERROR: ")
	if !ok {
		t.Fatalf("the first line must be `// ERROR: line:col: message`, got %q", first)
	}
	parts := strings.SplitN(spec, ": ", 2)
	l, c, ok := parseLineCol(parts[0])
	if !ok || len(parts) != 2 || parts[1] == "" {
		t.Fatalf("bad ERROR line %q", first)
	}
	var flags []string
	if f, ok := strings.CutPrefix(rest, "// FLAGS: "); ok {
		line, _, _ := strings.Cut(f, "\n")
		flags = strings.Fields(line)
	}
	return diagnosis{l, c, parts[1]}, flags
}

// TestMalformedCorpus runs the tool on every file of testdata/malformed:
// each must be rejected with its expected diagnostic, fast, without a
// panic and without output.
func TestMalformedCorpus(t *testing.T) {
	files, err := filepath.Glob("../../testdata/malformed/*.mlir")
	if err != nil || len(files) < 50 {
		t.Fatalf("want at least 50 malformed inputs, found %d (%v)", len(files), err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".mlir"), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			want, flags := readExpectation(t, src)
			r := runBounded(t, append(flags, file), nil)
			checkRejected(t, r, file, src, want)
			checkPrintable(t, r.stderr)
		})
	}
}
