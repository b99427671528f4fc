package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestDirectoryOrder walks a directory of many modules, of very different
// sizes so that they finish out of order, and checks that the records
// come in the lexical order of the paths, one per module, that a failed
// module has its record and makes the run exit 1, and that the others
// are still reported.
func TestDirectoryOrder(t *testing.T) {
	dir := t.TempDir()
	var want []string
	for i := 0; i < 60; i++ {
		name := filepath.Join(dir, fmt.Sprintf("m%02d", i%7), fmt.Sprintf("f%03d.mlir", 59-i))
		os.MkdirAll(filepath.Dir(name), 0o755)
		var b strings.Builder
		b.WriteString("func.func @main(")
		args := 1 + (i%5)*400 // some modules take much longer than others
		for a := 0; a < args; a++ {
			if a > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%%a%d: tensor<4xf32> {jax.buffer_donor = true}", a)
		}
		b.WriteString(") -> tensor<4xf32> {\n  return %a0 : tensor<4xf32>\n}\n")
		text := b.String()
		if i == 17 {
			text = "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n" // fails
		}
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		want = append(want, name)
	}
	slices.Sort(want)
	code, stdout, _ := runTool([]string{"--passes=buffer-donation-to-alias", "--print-config=json", dir}, nil)
	if code != 1 {
		t.Errorf("exit %d, want 1 (one module fails)", code)
	}
	var got []string
	failed := 0
	for _, m := range regexp.MustCompile(`(?m)^\{"file": "([^"]*)", "chunk": 0, "ok": (true|false)`).FindAllStringSubmatch(stdout, -1) {
		got = append(got, m[1])
		if m[2] == "false" {
			failed++
		}
	}
	if !slices.Equal(got, want) || failed != 1 {
		t.Errorf("records of %d files (%d failed), want %d in order (1 failed):\n%s", len(got), failed, len(want), strings.Join(got, "\n"))
	}
	code, stdout, _ = runTool([]string{"--print-config=summary", dir}, nil)
	if code != 1 || !strings.Contains(stdout, "// total: 60 modules in 60 files, 1 failed\n") {
		t.Errorf("summary: exit %d, totals missing:\n%s", code, stdout[max(0, len(stdout)-400):])
	}
}

// writeFiles writes files (name to text) under dir, making directories.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// jsonFiles returns the "file" and "ok" of each JSON record, in order,
// as "FILE ok" or "FILE failed".
func jsonFiles(stdout string) []string {
	var got []string
	for _, m := range regexp.MustCompile(`(?m)^\{"file": "([^"]*)", "chunk": \d+, "ok": (true|false)`).FindAllStringSubmatch(stdout, -1) {
		if m[2] == "true" {
			got = append(got, m[1]+" ok")
		} else {
			got = append(got, m[1]+" failed")
		}
	}
	return got
}

// TestWalkSplitWithProto checks that --split-input-file on a directory
// that holds a proto splits the text files and reads the proto whole,
// instead of failing the whole walk as a usage error.
func TestWalkSplitWithProto(t *testing.T) {
	dir := t.TempDir()
	pb, err := os.ReadFile("../../testdata/proto/must-alias-nested.pb")
	if err != nil {
		t.Fatal(err)
	}
	writeFiles(t, dir, map[string]string{"a.mlir": simple + "// -----\n" + simple, "b.hlo_module.pb": string(pb)})
	code, stdout, stderr := runTool([]string{"--split-input-file", "--print-config=json", dir}, nil)
	a, b := filepath.Join(dir, "a.mlir"), filepath.Join(dir, "b.hlo_module.pb")
	want := []string{a + " ok", a + " ok", b + " ok"}
	if got := jsonFiles(stdout); code != 0 || !slices.Equal(got, want) {
		t.Errorf("exit %d, records %q, want 0 and %q\n%s", code, got, want, stderr)
	}
	code, stdout, stderr = runTool([]string{"--split-input-file", "--passes=flip-must-aliases", "-l", dir}, nil)
	if code != 1 || stdout != a+"\n"+b+"\n" {
		t.Errorf("-l: exit %d, stdout %q, want 1 and both files listed\n%s", code, stdout, stderr)
	}
}

// TestWalkGoesOnAfterUnreadableEntry checks that a directory that cannot
// be listed gets its own error line and failed record, in its place in
// the walk, and that the files after it are still read and written.
// The entry is a path too long, which root cannot read either; as
// another user, a directory without permissions is tried too.
func TestWalkGoesOnAfterUnreadableEntry(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"a.mlir": simple, "c/z.mlir": simple})
	longDir, longTxt := longPaths(t, dir, "b")
	a, z := filepath.Join(dir, "a.mlir"), filepath.Join(dir, "c", "z.mlir")
	want := []string{a + " ok", longDir + " failed", longTxt + " failed", z + " ok"}
	code, stdout, stderr := runTool([]string{"--print-config=json", dir}, nil)
	if got := jsonFiles(stdout); code != 1 || !slices.Equal(got, want) {
		t.Errorf("exit %d, records %q\nwant 1 and %q", code, got, want)
	}
	for _, path := range []string{longDir, longTxt} {
		if !strings.Contains(stderr, "mhlo-alias: open "+path+": file name too long\n") {
			t.Errorf("no error line for %s:\n%s", path[len(dir):], stderr)
		}
	}
	code, _, _ = runTool([]string{"-w", "--passes=flip-may-aliases", dir}, nil)
	for _, f := range []string{a, z} {
		if got, _ := os.ReadFile(f); code != 1 || !strings.Contains(string(got), "must_alias") {
			t.Errorf("-w: exit %d, %s not rewritten:\n%s", code, f, got)
		}
	}
	if os.Geteuid() == 0 {
		return // permissions do not stop root
	}
	writeFiles(t, dir, map[string]string{"c/z.mlir": simple, "d.mlir": simple})
	locked := filepath.Join(dir, "c")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(locked, 0o755)
	want = []string{a + " ok", longDir + " failed", longTxt + " failed", locked + " failed", filepath.Join(dir, "d.mlir") + " ok"}
	code, stdout, stderr = runTool([]string{"--print-config=json", dir}, nil)
	if got := jsonFiles(stdout); code != 1 || !slices.Equal(got, want) || !strings.Contains(stderr, "mhlo-alias: open "+locked+": permission denied\n") {
		t.Errorf("with c unreadable: exit %d, records %q\nwant 1 and %q\n%s", code, got, want, stderr)
	}
}
