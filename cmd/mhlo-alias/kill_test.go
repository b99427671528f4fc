package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

var (
	buildOnce sync.Once
	builtTool string
	buildErr  error
)

// toolBinary builds the command once per test run and returns its path.
func toolBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "mhlo-alias-bin")
		if err != nil {
			buildErr = err
			return
		}
		builtTool = filepath.Join(dir, "mhlo-alias")
		out, err := exec.Command("go", "build", "-o", builtTool, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return builtTool
}

// longTests reports whether the long forms of the tests run: every case
// of a differential test, full-size inputs. CI sets
// MHLO_ALIAS_LONG_TESTS=1; without it a test runs a subset that can
// still fail.
func longTests() bool { return os.Getenv("MHLO_ALIAS_LONG_TESTS") == "1" }

// longOr returns long with MHLO_ALIAS_LONG_TESTS=1, short without.
func longOr(long, short int) int {
	if longTests() {
		return long
	}
	return short
}

// TestMain removes the built binary after the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if builtTool != "" {
		os.RemoveAll(filepath.Dir(builtTool))
	}
	os.Exit(code)
}

// bigModule returns a module of about size bytes: an entry function whose
// argument is may-aliased with its result, and a private function with
// large dense constants after it, so that most of the time of a rewrite
// goes into reading and writing the file.
func bigModule(size int) []byte {
	var b bytes.Buffer
	b.WriteString("module @big {\n")
	b.WriteString("  func.func @main(%arg0: tensor<4xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}, %arg1: tensor<4xf32>) -> tensor<4xf32> {\n")
	b.WriteString("    return %arg0 : tensor<4xf32>\n  }\n")
	b.WriteString("  func.func private @weights() {\n")
	hex := strings.Repeat("0123456789ABCDEF", 4096)
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "    %%c%d = stablehlo.constant dense<\"0x%s\"> : tensor<32768xi8> loc(\"w.py\":%d:1)\n", i, hex, i)
	}
	b.WriteString("    return\n  }\n}\n")
	return b.Bytes()
}

// tempPattern matches the temporary files -w and -o write through.
var tempPattern = regexp.MustCompile(`^\.m\.mlir\..+\.tmp$`)

// others lists the files of dir other than m.mlir, failing on any that is
// not one of the tool's temporary files.
func others(t *testing.T, dir string) []string {
	t.Helper()
	var tmp []string
	for _, name := range dirEntries(t, dir) {
		switch {
		case name == "m.mlir":
		case tempPattern.MatchString(name):
			tmp = append(tmp, name)
		default:
			t.Fatalf("unexpected file %s", name)
		}
	}
	return tmp
}

// TestWriteInPlaceKilled rewrites a 32 MB module in place, flipping its
// alias between may and must, and kills the tool with SIGKILL at random
// moments. After every kill the file holds exactly the old or the new
// text. A kill after the temporary file is created and before it is
// renamed leaves that temporary file behind (.m.mlir.*.tmp in the same
// directory): nothing can remove it, and later runs leave it alone; the
// test removes it. A run that is not killed leaves no file behind.
func TestWriteInPlaceKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("kills a process rewriting a large file; skipped with -short")
	}
	tool := toolBinary(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "m.mlir")
	may := bigModule(32 << 20)
	must := bytes.Replace(may, []byte("result_index = [0]>"), []byte("result_index = [0], must_alias>"), 1)
	flip := map[bool]string{false: "--passes=flip-may-aliases", true: "--passes=flip-must-aliases"}
	if err := os.WriteFile(path, may, 0o644); err != nil {
		t.Fatal(err)
	}

	// One uninterrupted run each way, timed, to know when to kill.
	start := time.Now()
	for _, isMust := range []bool{false, true} {
		if out, err := exec.Command(tool, "-w", flip[isMust], path).CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", flip[isMust], err, out)
		}
		got, _ := os.ReadFile(path)
		want := map[bool][]byte{false: must, true: may}[isMust]
		if !bytes.Equal(got, want) {
			t.Fatalf("%s did not write the expected module", flip[isMust])
		}
	}
	run := time.Since(start) / 2
	if tmp := others(t, dir); len(tmp) != 0 {
		t.Fatalf("runs that were not killed left %v", tmp)
	}

	isMust := false
	var unchanged, changed, leftovers int
	for i := range longOr(16, 6) {
		cmd := exec.Command(tool, "-w", flip[isMust], path)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(rand.Int64N(int64(run) * 11 / 10)))
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("kill %d: %v", i, err)
		}
		switch {
		case bytes.Equal(got, map[bool][]byte{false: may, true: must}[isMust]):
			unchanged++
		case bytes.Equal(got, map[bool][]byte{false: must, true: may}[isMust]):
			changed++
			isMust = !isMust
		default:
			t.Fatalf("kill %d: the file holds neither the old nor the new module (%d bytes)", i, len(got))
		}
		for _, name := range others(t, dir) {
			leftovers++
			os.Remove(filepath.Join(dir, name))
		}
	}
	t.Logf("one run takes %v; 16 kills: %d before the rename, %d after; %d temporary files left behind", run, unchanged, changed, leftovers)
}

// limitedRun runs the built tool with args under a file-size limit of 100
// blocks (50 or 100 kB) and SIGXFSZ ignored, so that writing more fails
// with EFBIG.
func limitedRun(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	script := `trap '' XFSZ; ulimit -f 100 || exit 99; exec "$@"`
	cmd := exec.Command("sh", append([]string{"-c", script, "sh", toolBinary(t)}, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if e, ok := err.(*exec.ExitError); ok {
		code = e.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if code == 99 {
		t.Skip("sh cannot set a file-size limit")
	}
	return code, stdout.String(), stderr.String()
}

// TestWriteErrorFileTooLarge makes the write of -w and of -o fail (the
// output exceeds the file-size limit): a clear error, exit status 1, the
// input as it was, and no file left behind.
func TestWriteErrorFileTooLarge(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.mlir")
	src := bigModule(1 << 20)
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	check := func(what string, code int, stdout, stderr string) {
		t.Helper()
		if code != 1 || stdout != "" || !strings.Contains(stderr, "mhlo-alias: writing "+path) || !strings.Contains(stderr, "file too large") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 1 and a write error", what, code, stdout, stderr)
		}
		if got, _ := os.ReadFile(path); !bytes.Equal(got, src) {
			t.Errorf("%s: the input changed", what)
		}
		if tmp := others(t, dir); len(tmp) != 0 {
			t.Errorf("%s: files left behind: %v", what, tmp)
		}
	}
	code, stdout, stderr := limitedRun(t, "-w", "--passes=flip-may-aliases", path)
	check("-w", code, stdout, stderr)

	out := filepath.Join(dir, "out.mlir")
	code, stdout, stderr = limitedRun(t, "--passes=flip-may-aliases", "-o", out, path)
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("-o: the output file exists after a write error: %v", err)
	}
	if code != 1 || stdout != "" || !strings.Contains(stderr, "mhlo-alias: writing "+out) || !strings.Contains(stderr, "file too large") {
		t.Errorf("-o: exit %d, stdout %q, stderr %q; want exit 1 and a write error", code, stdout, stderr)
	}
	if tmp := others(t, dir); len(tmp) != 0 {
		t.Errorf("-o: files left behind: %v", tmp)
	}

	// An existing -o file keeps its text.
	if err := os.WriteFile(out, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = limitedRun(t, "--passes=flip-may-aliases", "-o", out, path)
	if got, _ := os.ReadFile(out); code != 1 || string(got) != "old\n" {
		t.Errorf("-o over an existing file: exit %d (%s), the file holds %d bytes", code, stderr, len(got))
	}
	os.Remove(out)
	if tmp := others(t, dir); len(tmp) != 0 {
		t.Errorf("-o over an existing file: files left behind: %v", tmp)
	}
}

// A pipe written to -o that exceeds the file-size limit: a write error
// (of the output, or of the spool the pipe is read into), exit status 1,
// and no file left behind.
func TestStreamWriteErrorFileTooLarge(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.mlir")
	if err := os.WriteFile(path, bigModule(6<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.mlir")
	script := `trap '' XFSZ; ulimit -f 100 || exit 99; cat "$1" | "$2" --passes=flip-may-aliases -o "$3"`
	cmd := exec.Command("sh", "-c", script, "sh", path, toolBinary(t), out)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	code := 0
	if e, ok := err.(*exec.ExitError); ok {
		code = e.ExitCode()
	}
	if code == 99 {
		t.Skip("sh cannot set a file-size limit")
	}
	if code != 1 || !strings.Contains(stderr.String(), "mhlo-alias: writing "+out) || !strings.Contains(stderr.String(), "file too large") {
		t.Errorf("exit %d, stderr %q; want exit 1 and a write error", code, stderr.String())
	}
	if tmp := others(t, dir); len(tmp) != 0 {
		t.Errorf("files left behind: %v", tmp)
	}
}
