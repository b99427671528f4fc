package filecheck

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// minDifferentialCases is the least number of cases the suite must hold.
const minDifferentialCases = 150

// findLLVMFileCheck locates LLVM's FileCheck: the binary named by
// MHLO_ALIAS_LLVM_FILECHECK, else FileCheck-19 on PATH, then the bindir of
// llvm-config-19, llvm-config-14 and llvm-config, then FileCheck on PATH.
func findLLVMFileCheck() string {
	if p := os.Getenv("MHLO_ALIAS_LLVM_FILECHECK"); p != "" {
		return p
	}
	if p, err := exec.LookPath("FileCheck-19"); err == nil {
		return p
	}
	for _, cfg := range []string{"llvm-config-19", "llvm-config-14", "llvm-config"} {
		out, err := exec.Command(cfg, "--bindir").Output()
		if err != nil {
			continue
		}
		p := filepath.Join(strings.TrimSpace(string(out)), "FileCheck")
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p
		}
	}
	if p, err := exec.LookPath("FileCheck"); err == nil {
		return p
	}
	return ""
}

// runGo runs the Go FileCheck in-process in dir.
func runGo(t *testing.T, c *testCase, dir string) (int, string) {
	chdir(t, dir)
	var stdout, stderr bytes.Buffer
	code := Main(c.cmdArgs(), bytes.NewReader(c.stdin()), &stdout, &stderr)
	return code, stderr.String()
}

// chdir changes the working directory for the rest of the test, as
// testing.T.Chdir does from Go 1.24 on.
func chdir(t *testing.T, dir string) {
	old, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chdir(old) })
}

// runLLVM runs LLVM's FileCheck binary in dir.
func runLLVM(t *testing.T, bin string, c *testCase, dir string) (int, string) {
	args := append([]string{"--dump-input=never"}, c.cmdArgs()...)
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(c.stdin())
	cmd.Env = envWithout(os.Environ(), "FILECHECK_OPTS")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, stderr.String()
	case errors.As(err, &exit):
		return exit.ExitCode(), stderr.String()
	}
	t.Fatalf("running %s: %v", bin, err)
	return 0, ""
}

// llvmMajorVersion returns the LLVM major version of a FileCheck binary,
// or 0 if it cannot be determined.
func llvmMajorVersion(bin string) int {
	out, _ := exec.Command(bin, "--version").CombinedOutput()
	m := regexp.MustCompile(`LLVM version (\d+)`).FindSubmatch(out)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}

func envWithout(env []string, name string) []string {
	var out []string
	for _, kv := range env {
		if !strings.HasPrefix(kv, name+"=") {
			out = append(out, kv)
		}
	}
	return out
}

// TestCasesExitCodes runs the Go FileCheck on every case and checks the
// recorded exit code. It needs no LLVM installation.
func TestCasesExitCodes(t *testing.T) {
	t.Setenv("FILECHECK_OPTS", "")
	for _, c := range loadCases(t) {
		t.Run(c.name, func(t *testing.T) {
			code, stderr := runGo(t, c, c.setup(t))
			if code != c.exit {
				t.Errorf("%s:%d: exit code %d, want %d\nstderr:\n%s", c.file, c.line, code, c.exit, stderr)
			}
		})
	}
}

// TestDifferential runs LLVM's FileCheck and the Go FileCheck on every case
// and requires the same exit code and, with LLVM 19 or later, the same first
// error location and (unless the case is marked loose) the same
// diagnostics. With older LLVM releases only exit codes are compared, using
// a case's "exit-llvm14" value where LLVM 14 behaves differently.
// Without MHLO_ALIAS_LONG_TESTS=1 it runs every eighth case.
func TestDifferential(t *testing.T) {
	bin := findLLVMFileCheck()
	if bin == "" {
		if os.Getenv("MHLO_ALIAS_REQUIRE_LLVM") == "1" {
			t.Fatal("LLVM FileCheck not found (MHLO_ALIAS_REQUIRE_LLVM=1)")
		}
		t.Skip("LLVM FileCheck not found; set MHLO_ALIAS_REQUIRE_LLVM=1 to require it")
	}
	major := llvmMajorVersion(bin)
	t.Logf("comparing against %s (LLVM %d)", bin, major)
	t.Setenv("FILECHECK_OPTS", "")
	cases := loadCases(t)
	if len(cases) < minDifferentialCases {
		t.Errorf("only %d cases, want at least %d", len(cases), minDifferentialCases)
	}
	long := os.Getenv("MHLO_ALIAS_LONG_TESTS") == "1"
	for i, c := range cases {
		if !long && i%8 != 0 {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			dir := c.setup(t)
			llvmCode, llvmErr := runLLVM(t, bin, c, dir)
			want := c.exit
			if major < 19 && c.exitOld != nil {
				want = *c.exitOld
			}
			if llvmCode != want {
				t.Errorf("%s:%d: LLVM exit code %d, case records %d\nLLVM stderr:\n%s", c.file, c.line, llvmCode, want, llvmErr)
			}
			if want != c.exit {
				// The Go FileCheck follows LLVM 19 here; TestCasesExitCodes
				// checks it against the recorded code.
				return
			}
			goCode, goErr := runGo(t, c, dir)
			if goCode != llvmCode {
				t.Errorf("%s:%d: exit code: go %d, LLVM %d\ngo stderr:\n%s\nLLVM stderr:\n%s", c.file, c.line, goCode, llvmCode, goErr, llvmErr)
				return
			}
			if major < 19 {
				// Older releases word some diagnostics differently; the
				// cases record LLVM 19's text.
				return
			}
			if g, l := firstError(goErr), firstError(llvmErr); g != l {
				t.Errorf("%s:%d: first error: go %q, LLVM %q\ngo stderr:\n%s\nLLVM stderr:\n%s", c.file, c.line, g, l, goErr, llvmErr)
				return
			}
			if c.loose == "" && goErr != llvmErr {
				t.Errorf("%s:%d: diagnostics differ (mark the case loose if expected)\ngo stderr:\n%s\nLLVM stderr:\n%s", c.file, c.line, goErr, llvmErr)
			}
		})
	}
}
