//go:build unix

package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestWalkLinksNotFollowed checks that a symbolic link inside a walked
// directory is not followed, to a module outside it or to any other file:
// -w rewrites the files in the directory and never the one outside, the
// text a link leads to is never read (so never echoed in a diagnostic),
// and each link gets a note.
func TestWalkLinksNotFollowed(t *testing.T) {
	outside := t.TempDir()
	victim := filepath.Join(outside, "victim.mlir")
	secret := filepath.Join(outside, "shadow")
	writeFiles(t, outside, map[string]string{"victim.mlir": simple, "shadow": "root:$6$SECRET-HASH:19000:0:99999:7:::\n"})
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"in.mlir": simple})
	for link, target := range map[string]string{"victim.mlir": victim, "shadow.mlir": secret, "up": outside} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	code, stdout, stderr := runTool([]string{"-w", "-l", "--passes=flip-may-aliases", dir}, nil)
	if code != 1 || stdout != filepath.Join(dir, "in.mlir")+"\n" {
		t.Errorf("-w -l: exit %d, stdout %q; want 1 and only in.mlir rewritten\n%s", code, stdout, stderr)
	}
	if got, _ := os.ReadFile(victim); string(got) != simple {
		t.Errorf("-w wrote outside the directory, through a link:\n%s", got)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "in.mlir")); !strings.Contains(string(got), "must_alias") {
		t.Errorf("in.mlir not rewritten:\n%s", got)
	}
	for _, link := range []string{"shadow.mlir", "up", "victim.mlir"} {
		if note := "mhlo-alias: note: " + filepath.Join(dir, link) + ": symbolic link not followed\n"; !strings.Contains(stderr, note) {
			t.Errorf("no note %q in:\n%s", note, stderr)
		}
	}
	code, stdout, stderr = runTool([]string{"--print-config=json", dir}, nil)
	if strings.Contains(stdout+stderr, "SECRET") || code != 0 || !slices.Equal(jsonFiles(stdout), []string{filepath.Join(dir, "in.mlir") + " ok"}) {
		t.Errorf("--print-config=json: exit %d, a linked file was read:\n%s\n%s", code, stdout, stderr)
	}
}

// TestLinkArgumentFollowed checks that a symbolic link named as an
// argument is followed, to a directory as to a file: the user chose it.
func TestLinkArgumentFollowed(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"real/m.mlir": simple})
	link := filepath.Join(dir, "link")
	if err := os.Symlink(filepath.Join(dir, "real"), link); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runTool([]string{"-w", "-l", "--passes=flip-may-aliases", link}, nil)
	got, _ := os.ReadFile(filepath.Join(dir, "real", "m.mlir"))
	if code != 1 || stdout != filepath.Join(link, "m.mlir")+"\n" || !strings.Contains(string(got), "must_alias") {
		t.Errorf("a link to a directory: exit %d, stdout %q, file:\n%s\n%s", code, stdout, got, stderr)
	}
}

// TestWalkSkipsFIFO checks that a walk over a directory that holds a
// FIFO named as a module ends, without opening it (which would wait for
// a writer), with a note, and reads the other files.
func TestWalkSkipsFIFO(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"a.mlir": simple, "z.mlir": simple})
	fifo := filepath.Join(dir, "m.mlir")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	type result struct {
		code           int
		stdout, stderr string
	}
	done := make(chan result, 1)
	go func() {
		code, stdout, stderr := runTool([]string{"--print-config=json", dir}, nil)
		done <- result{code, stdout, stderr}
	}()
	var r result
	select {
	case r = <-done:
	case <-time.After(20 * time.Second):
		// Open the FIFO's other end, so that the walk ends, and fail.
		if f, err := os.OpenFile(fifo, os.O_RDWR, 0); err == nil {
			f.Close()
		}
		r = <-done
		t.Errorf("the walk waited on a FIFO")
	}
	want := []string{filepath.Join(dir, "a.mlir") + " ok", filepath.Join(dir, "z.mlir") + " ok"}
	if got := jsonFiles(r.stdout); r.code != 0 || !slices.Equal(got, want) || r.stderr != "mhlo-alias: note: "+fifo+": FIFO skipped: not a regular file\n" {
		t.Errorf("exit %d, records %q, stderr %q; want 0, %q and a note", r.code, got, r.stderr, want)
	}
}
