package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const mustAlias = `module {
  func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}) -> tensor<2xf32> {
    return %arg0 : tensor<2xf32>
  }
}
`

// dirEntries lists a directory, to catch temporary files left behind.
func dirEntries(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

func TestWriteInPlaceFailureLeavesFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.mlir")
	if err := os.WriteFile(path, []byte(mustAlias), 0o600); err != nil {
		t.Fatal(err)
	}
	// tf.aliasing_output cannot state a must-alias: the run fails.
	code, stdout, stderr := runTool([]string{"-w", "--emit=tf", path}, nil)
	if code != 1 || stdout != "" || stderr == "" {
		t.Fatalf("exit %d, stdout %q, stderr %q; want exit 1 and an error", code, stdout, stderr)
	}
	got, _ := os.ReadFile(path)
	if string(got) != mustAlias {
		t.Errorf("the file changed although the run failed:\n%s", got)
	}
	if names := dirEntries(t, dir); len(names) != 1 {
		t.Errorf("files left behind: %v", names)
	}
}

func TestWriteInPlaceKeepsMode(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.mlir")
	if err := os.WriteFile(path, []byte(mustAlias), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o640); err != nil {
		t.Fatal(err)
	}
	_, want, _ := runTool([]string{"--passes=flip-must-aliases", path}, nil)
	code, stdout, stderr := runTool([]string{"-w", "--passes=flip-must-aliases", path}, nil)
	if code != 0 || stdout != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q; -w prints nothing on success", code, stdout, stderr)
	}
	got, _ := os.ReadFile(path)
	if string(got) != want || string(got) == mustAlias {
		t.Errorf("rewritten file:\n%s\nwant:\n%s", got, want)
	}
	st, err := os.Stat(path)
	if err != nil || st.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want -rw-r----- (%v)", st.Mode(), err)
	}
	if names := dirEntries(t, dir); len(names) != 1 {
		t.Errorf("files left behind: %v", names)
	}
}

func TestWriteInPlaceSeveralFiles(t *testing.T) {
	dir := t.TempDir()
	good, bad := filepath.Join(dir, "good.mlir"), filepath.Join(dir, "bad.mlir")
	os.WriteFile(good, []byte(mustAlias), 0o644)
	os.WriteFile(bad, []byte("module {\n"), 0o644)
	code, _, stderr := runTool([]string{"-w", "--passes=flip-must-aliases", bad, good}, nil)
	if code != 1 {
		t.Fatalf("exit %d (%s), want 1", code, stderr)
	}
	if got, _ := os.ReadFile(bad); string(got) != "module {\n" {
		t.Errorf("the failing file changed: %q", got)
	}
	if got, _ := os.ReadFile(good); string(got) == mustAlias {
		t.Errorf("the good file was not rewritten")
	}
}

func TestOutputFileOnErrorIsNotCreated(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "m.mlir"), filepath.Join(dir, "out.mlir")
	os.WriteFile(in, []byte(mustAlias), 0o644)
	code, _, _ := runTool([]string{"--emit=tf", "-o", out, in}, nil)
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("-o left a file behind after an error: %v", err)
	}
	if names := dirEntries(t, dir); len(names) != 1 {
		t.Errorf("files left behind: %v", names)
	}
	code, _, stderr := runTool([]string{"--passes=flip-must-aliases", "-o", out, in}, nil)
	_, want, _ := runTool([]string{"--passes=flip-must-aliases", in}, nil)
	if got, _ := os.ReadFile(out); code != 0 || string(got) != want {
		t.Errorf("-o: exit %d %s, wrote %q", code, stderr, got)
	}
}

func TestDiffColorEnvironment(t *testing.T) {
	args := []string{"-d", "--passes=flip-must-aliases", "-"}
	t.Setenv("NO_COLOR", "")
	t.Setenv("FORCE_COLOR", "")
	if _, out, _ := runTool(args, []byte(mustAlias)); strings.Contains(out, "\x1b[") || !strings.Contains(out, "+++ b/<stdin>") {
		t.Errorf("a diff to a pipe must not be colored: %q", out)
	}
	t.Setenv("FORCE_COLOR", "1")
	if _, out, _ := runTool(args, []byte(mustAlias)); !strings.Contains(out, "\x1b[7m") {
		t.Errorf("FORCE_COLOR must color the diff and highlight the change: %q", out)
	}
	t.Setenv("NO_COLOR", "1")
	if _, out, _ := runTool(args, []byte(mustAlias)); strings.Contains(out, "\x1b[") {
		t.Errorf("NO_COLOR wins over FORCE_COLOR: %q", out)
	}
}

// failWriter fails every write, as a full disk does.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestInfoWriteFails checks that --help, --version and --list-passes
// report a failed write with exit 1.
func TestInfoWriteFails(t *testing.T) {
	for _, flag := range []string{"--help", "--version", "--list-passes"} {
		var stderr strings.Builder
		code := run([]string{flag}, strings.NewReader(""), failWriter{}, &stderr)
		if code != 1 || stderr.String() != "mhlo-alias: writing standard output: no space left on device\n" {
			t.Errorf("%s to a full disk: exit %d, stderr %q; want 1 and the error", flag, code, stderr.String())
		}
	}
}

// TestWriteErrorNamesTarget checks that a failed -o names the file asked
// for, never the temporary file beside it.
func TestWriteErrorNamesTarget(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.mlir")
	if err := os.WriteFile(in, []byte(simple), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "nodir", "out.mlir")
	for _, args := range [][]string{{"-o", out, in}, {"-o", out, "--print-config", in}, {"-o", out, "-"}} {
		code, _, stderr := runTool(args, []byte(simple))
		if code != 1 || stderr != "mhlo-alias: writing "+out+": no such file or directory\n" || strings.Contains(stderr, ".tmp") {
			t.Errorf("%v: exit %d, stderr %q; want 1 and the target named", args, code, stderr)
		}
	}
}

// TestStdoutWriteErrors checks that a failed write to standard output is
// reported, once, with exit 1, in every mode that writes there: -l, -d,
// the module, each --print-config form, for one file, for
// --split-input-file and for a directory (whose files run at once when
// their output is small).
func TestStdoutWriteErrors(t *testing.T) {
	dir := t.TempDir()
	one, split := filepath.Join(dir, "a.mlir"), filepath.Join(dir, "c", "split.mlir")
	write := func() {
		os.MkdirAll(filepath.Dir(split), 0o755)
		os.WriteFile(filepath.Join(dir, "b.mlir"), []byte(simple), 0o644)
		if err := os.WriteFile(one, []byte(simple), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(split, []byte(simple+"// -----\n"+simple), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const want = "mhlo-alias: writing standard output: no space left on device\n"
	for _, mode := range [][]string{
		{"-l", "--passes=flip-may-aliases"},
		{"-d", "--passes=flip-may-aliases"},
		{"--passes=flip-may-aliases"},
		{},
		{"--print-config"},
		{"--print-config=short"},
		{"--print-config=json"},
		{"--print-config=summary"},
		{"-w", "-l", "--passes=flip-may-aliases"},
	} {
		for _, input := range [][]string{{one}, {"--split-input-file", split}, {"--split-input-file", dir}} {
			write()
			args := append(append([]string(nil), mode...), input...)
			var stderr strings.Builder
			code := run(args, strings.NewReader(""), failWriter{}, &stderr)
			if code != troubleCode(args) || strings.Count(stderr.String(), "mhlo-alias:") != 1 || !strings.HasSuffix(stderr.String(), want) {
				t.Errorf("%v to a full disk: exit %d, stderr %q; want %d and %q once", args, code, stderr.String(), troubleCode(args), want)
			}
		}
	}
}

// troubleCode is the exit status of a run that failed: 2 with -d or -l,
// as diff(1) exits on trouble, else 1.
func troubleCode(args []string) int {
	for _, a := range args {
		if a == "-d" || a == "-l" || a == "--diff" {
			return 2
		}
	}
	return 1
}
