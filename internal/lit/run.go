package lit

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Tool is an in-process command: it receives its arguments (without the
// command name) and streams, and returns an exit status.
type Tool func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

// Config configures how tests run.
type Config struct {
	// Tools are commands run in-process; they take precedence over the
	// shell's builtins and programs on PATH.
	Tools map[string]Tool
	// Features are the names REQUIRES, UNSUPPORTED and XFAIL test against.
	Features []string
	// Substitutions are applied to RUN lines after the default ones.
	Substitutions []Substitution
	// Env holds extra NAME=VALUE entries for the test environment, on top
	// of the process environment.
	Env []string
	// Suffixes are the file suffixes RunDir treats as tests; default ".mlir".
	Suffixes []string
	// TempDir is where per-test temporary directories are made; default
	// os.TempDir().
	TempDir string
	// Timeout bounds each test's external commands; zero means none.
	Timeout time.Duration
}

// Status is the outcome of a test.
type Status int

const (
	// Pass means every RUN line succeeded.
	Pass Status = iota
	// Fail means a RUN line failed (or the test file is malformed).
	Fail
	// Unsupported means REQUIRES or UNSUPPORTED excluded the test.
	Unsupported
	// XFail means the test failed as XFAIL said it would.
	XFail
	// XPass means the test passed although XFAIL said it would fail.
	XPass
	// NoRun means the file has no RUN lines.
	NoRun
)

var statusNames = [...]string{"PASS", "FAIL", "UNSUPPORTED", "XFAIL", "XPASS", "NORUN"}

func (s Status) String() string { return statusNames[s] }

// Result describes one test run.
type Result struct {
	Path   string
	Status Status
	// Line is the line of the failing RUN line, 0 if none.
	Line int
	// Command is the failing command after substitutions.
	Command string
	// ExitCode is the failing command's exit status.
	ExitCode int
	// Stdout and Stderr are the failing command's unredirected output.
	Stdout, Stderr string
	// Reason explains Unsupported and Fail results without a failing
	// command.
	Reason string
}

// Message renders a failure as "file:line: ..." followed by the command's
// output, for test logs.
func (r *Result) Message() string {
	var b strings.Builder
	switch {
	case r.Status == XPass:
		fmt.Fprintf(&b, "%s: unexpectedly passed (XFAIL)", r.Path)
	case r.Line == 0:
		fmt.Fprintf(&b, "%s: %s: %s", r.Path, r.Status, r.Reason)
	default:
		fmt.Fprintf(&b, "%s:%d: RUN line failed with exit status %d:\n  %s", r.Path, r.Line, r.ExitCode, r.Command)
	}
	if r.Stdout != "" {
		fmt.Fprintf(&b, "\n--- stdout:\n%s", r.Stdout)
	}
	if r.Stderr != "" {
		fmt.Fprintf(&b, "\n--- stderr:\n%s", r.Stderr)
	}
	return b.String()
}

// RunFile runs the test file at path.
func RunFile(path string, cfg *Config) *Result {
	res := &Result{Path: path}
	abs, err := filepath.Abs(path)
	if err != nil {
		return res.fail(err.Error())
	}
	sc, err := parseScript(abs)
	if err != nil {
		return res.fail(err.Error())
	}
	if len(sc.commands) == 0 {
		res.Status, res.Reason = NoRun, "no RUN lines"
		return res
	}
	features := map[string]bool{}
	for _, f := range cfg.Features {
		features[f] = true
	}
	if reason, err := unsupportedReason(sc, features); err != nil || reason != "" {
		if err != nil {
			return res.fail(err.Error())
		}
		res.Status, res.Reason = Unsupported, reason
		return res
	}
	xfail, err := anyTrue(sc.xfail, features)
	if err != nil {
		return res.fail(err.Error())
	}
	runCommands(res, abs, sc, cfg)
	return applyXFail(res, xfail)
}

func (r *Result) fail(reason string) *Result {
	r.Status, r.Reason = Fail, reason
	return r
}

func applyXFail(res *Result, xfail bool) *Result {
	switch {
	case !xfail:
	case res.Status == Fail:
		res.Status = XFail
	case res.Status == Pass:
		res.Status = XPass
	}
	return res
}

// unsupportedReason checks REQUIRES and UNSUPPORTED.
func unsupportedReason(sc *script, features map[string]bool) (string, error) {
	for _, e := range sc.requires {
		ok, err := evalFeatureExpr(e, features)
		if err != nil {
			return "", err
		}
		if !ok {
			return "missing required feature: " + e, nil
		}
	}
	for _, e := range sc.unsupported {
		ok, err := evalFeatureExpr(e, features)
		if err != nil {
			return "", err
		}
		if ok {
			return "unsupported with: " + e, nil
		}
	}
	return "", nil
}

func anyTrue(exprs []string, features map[string]bool) (bool, error) {
	for _, e := range exprs {
		if e == "*" {
			return true, nil
		}
		ok, err := evalFeatureExpr(e, features)
		if err != nil || ok {
			return ok, err
		}
	}
	return false, nil
}

// runCommands runs the RUN lines in order, stopping at the first failure,
// as lit does by joining them with "&&".
func runCommands(res *Result, path string, sc *script, cfg *Config) {
	base := cfg.TempDir
	if base == "" {
		base = os.TempDir()
	}
	tmp, err := os.MkdirTemp(base, "lit-")
	if err != nil {
		res.fail(err.Error())
		return
	}
	defer os.RemoveAll(tmp)
	name := filepath.Base(path)
	v := &vars{
		source: path, sourceDir: filepath.Dir(path),
		tmpBase: filepath.Join(tmp, name+".tmp"), tmpDir: tmp, basenameT: name + ".tmp",
	}
	ctx := context.Background()
	if cfg.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, cfg.Timeout)
		defer cancel()
	}
	sh := &shell{ctx: ctx, tools: cfg.Tools, cwd: tmp, env: append(os.Environ(), cfg.Env...)}
	for _, c := range sc.commands {
		text := substitute(c.text, v, cfg.Substitutions)
		l, err := parseList(text)
		if err != nil {
			res.Status, res.Line, res.Command, res.ExitCode = Fail, c.line, text, 2
			res.Stderr = "shell parser error: " + err.Error() + "\n"
			return
		}
		var stdout, stderr syncBuffer
		if code := sh.runList(l, &stdout, &stderr); code != 0 {
			res.Status, res.Line, res.Command, res.ExitCode = Fail, c.line, text, code
			res.Stdout, res.Stderr = stdout.String(), stderr.String()
			return
		}
	}
	res.Status = Pass
}

// RunDir runs every test file under dir (recursively, skipping directories
// named "Inputs" and files without RUN lines) as a subtest of t named by
// its path relative to dir.
func RunDir(t *testing.T, dir string, cfg *Config) {
	t.Helper()
	files, err := findTests(dir, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no tests found in %s", dir)
	}
	for _, rel := range files {
		t.Run(filepath.ToSlash(rel), func(t *testing.T) {
			res := RunFile(filepath.Join(dir, rel), cfg)
			switch res.Status {
			case Pass:
			case XFail:
				t.Logf("%s: expected failure (XFAIL)", res.Path)
			case Unsupported:
				t.Skipf("%s: %s", res.Path, res.Reason)
			case NoRun:
				t.Skipf("%s: no RUN lines", res.Path)
			default:
				t.Error(res.Message())
			}
		})
	}
}

// findTests lists test files under dir relative to it.
func findTests(dir string, cfg *Config) ([]string, error) {
	suffixes := cfg.Suffixes
	if len(suffixes) == 0 {
		suffixes = []string{".mlir"}
	}
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "Inputs" && path != dir {
				return filepath.SkipDir
			}
			return nil
		}
		for _, s := range suffixes {
			if strings.HasSuffix(d.Name(), s) {
				rel, err := filepath.Rel(dir, path)
				if err != nil {
					return err
				}
				files = append(files, rel)
				break
			}
		}
		return nil
	})
	return files, err
}
