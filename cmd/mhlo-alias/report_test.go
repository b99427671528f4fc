package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReportFlag runs --report over a good file, a file that fails and
// one that does not exist: the page has the three, the failures with
// their messages, while the run prints and exits as without the flag.
func TestReportFlag(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.mlir")
	bad := filepath.Join(dir, "bad.mlir")
	missing := filepath.Join(dir, "missing.mlir")
	if err := os.WriteFile(good, []byte(simple), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte("module {\n  func.func @f()\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "report.html")
	code, stdout, stderr := runTool([]string{"--report=" + page, "--print-config=short", good, bad, missing}, nil)
	if code != 1 {
		t.Errorf("exit %d, want 1 (an input failed): %s", code, stderr)
	}
	if !strings.Contains(stdout, "input_output_alias={ {}: (0, {}, may-alias) }") {
		t.Errorf("the config is still printed: %q", stdout)
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"3 modules in 3 files, 2 failed",
		`<a href="#m0">` + good + `</a>`,
		"entry function @main not found; functions found: @f",
		"missing.mlir: no such file or directory",
		"<td>{}<td>f32[2]{0}",
	} {
		if !strings.Contains(string(html), want) {
			t.Errorf("the report lacks %q", want)
		}
	}

	// A report that cannot be written fails the run, and says why.
	code, _, stderr = runTool([]string{"--report=" + filepath.Join(dir, "no", "such", "dir.html"), good}, nil)
	if code != 1 || !strings.Contains(stderr, "dir.html") {
		t.Errorf("an unwritable report: exit %d, %q", code, stderr)
	}
	// A directory is walked and its modules go, in order, to one page.
	code, _, stderr = runTool([]string{"--report=" + page, "-l", dir}, nil)
	html, _ = os.ReadFile(page)
	if code != 2 || !strings.Contains(string(html), "2 modules in 2 files, 1 failed") ||
		strings.Index(string(html), "bad.mlir") > strings.Index(string(html), "good.mlir") {
		t.Errorf("a directory: exit %d, %s", code, stderr)
	}
}

func TestReportUsage(t *testing.T) {
	code, _, stderr := runTool([]string{"--report=-", "a.mlir"}, nil)
	if code != 2 || !strings.Contains(stderr, "--report needs a file name") {
		t.Errorf("--report=-: exit %d, %q", code, stderr)
	}
	code, _, stderr = runTool([]string{"--print-config=tabel", "a.mlir"}, nil)
	if code != 2 || !strings.Contains(stderr, "did you mean --print-config=table?") {
		t.Errorf("--print-config=tabel: exit %d, %q", code, stderr)
	}
	_, stdout, _ := runTool([]string{"--help"}, nil)
	for _, want := range []string{"--report=FILE", "summary (memory accounting), table"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the usage lacks %q", want)
		}
	}
}

// TestTableForm prints the table of two files: each labelled, as the
// other forms are, and each unused donor with its reason.
func TestTableForm(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.mlir")
	b := filepath.Join(dir, "b.mlir")
	donor := strings.Replace(simple, "tf.aliasing_output = 0 : i32", "jax.buffer_donor = true", 1)
	if err := os.WriteFile(a, []byte(simple), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, []byte(donor), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runTool([]string{"--print-config=table", a, b}, nil)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := "// " + a + `
outputs: 1
  index  shape      bytes  space   alias  parameter
  {}     f32[2]{0}    8 B  device  may    0 {}
donors: 1
  parameter  shape      bytes  space   used by or why not
  0 {}       f32[2]{0}    8 B  device  output {} (may)
memory:
  space   parameters  outputs  must-aliased  may-aliased  without alias  unused donors
  device         8 B      8 B           0 B          8 B            0 B            0 B
donations compared: 1 (JAX: jax-donation, XLA: xla-buffer-donation, Neuron: buffer-donation-to-alias)
  parameter  shape      JAX        XLA        Neuron
  0 {}       f32[2]{0}  output {}  output {}  output {}
  why:
  0 {} JAX: may-alias: output {} f32[2]{0} has its shape (f32[2]), element type, memory space and layout
  0 {} XLA: may-alias: output {} already aliases it, and the pass keeps aliases
  0 {} Neuron: may-alias: output {} already aliases it, and the pass keeps aliases
// ` + b + `
outputs: 1
  index  shape      bytes  space   alias  parameter
  {}     f32[2]{0}    8 B  device
donors: 1 (1 unused)
  parameter  shape      bytes  space   used by or why not
  0 {}       f32[2]{0}    8 B  device  unused: free: output {} f32[2]{0} has its shape and no alias; no donation pass has paired them
memory:
  space   parameters  outputs  must-aliased  may-aliased  without alias  unused donors
  device         8 B      8 B           0 B          0 B            8 B            8 B
donations compared: 1 (JAX: jax-donation, XLA: xla-buffer-donation, Neuron: buffer-donation-to-alias)
  parameter  shape      JAX        XLA        Neuron
  0 {}       f32[2]{0}  output {}  output {}  output {}
  why:
  0 {} JAX: may-alias: output {} f32[2]{0} has its shape (f32[2]), element type, memory space and layout
  0 {} XLA: may-alias: output {} already aliases it, and the pass keeps aliases
  0 {} Neuron: may-alias: output {} already aliases it, and the pass keeps aliases
`
	if stdout != want {
		t.Errorf("got:\n%s\nwant:\n%s", stdout, want)
	}
}
