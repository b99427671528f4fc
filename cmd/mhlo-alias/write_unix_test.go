//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestWriteKeepsModeOwnerAndLink checks that -w keeps every mode bit and,
// where the process may, the owner, and that -o writes through a symbolic
// link as -w does.
func TestWriteKeepsModeOwnerAndLink(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "m.mlir")
	if err := os.WriteFile(file, []byte(simple), 0o644); err != nil {
		t.Fatal(err)
	}
	root := os.Geteuid() == 0
	if root {
		if err := os.Chown(file, 65534, 65534); err != nil {
			t.Fatal(err)
		}
	}
	mode := os.FileMode(0o755) | os.ModeSetuid | os.ModeSetgid | os.ModeSticky
	if err := os.Chmod(file, mode); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runTool([]string{"-w", "--passes=flip-may-aliases", file}, nil); code != 0 {
		t.Fatalf("-w: exit %d %s", code, stderr)
	}
	st, err := os.Stat(file)
	if err != nil {
		t.Fatal(err)
	}
	if got := st.Mode() & (os.ModePerm | os.ModeSetuid | os.ModeSetgid | os.ModeSticky); got != mode {
		t.Errorf("-w: mode %v, want %v", got, mode)
	}
	if sys, ok := st.Sys().(*syscall.Stat_t); root && ok && (sys.Uid != 65534 || sys.Gid != 65534) {
		t.Errorf("-w: owner %d:%d, want 65534:65534", sys.Uid, sys.Gid)
	}
	real := filepath.Join(dir, "real.mlir")
	link := filepath.Join(dir, "link.mlir")
	if err := os.WriteFile(real, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real.mlir", link); err != nil {
		t.Skip("no symbolic links:", err)
	}
	in := filepath.Join(dir, "in.mlir")
	os.WriteFile(in, []byte(simple), 0o644)
	if code, _, stderr := runTool([]string{"-o", link, "--passes=flip-may-aliases", in}, nil); code != 0 {
		t.Fatalf("-o LINK: exit %d %s", code, stderr)
	}
	if lst, err := os.Lstat(link); err != nil || lst.Mode()&os.ModeSymlink == 0 {
		t.Errorf("-o LINK replaced the link: %v %v", lst.Mode(), err)
	}
	if got, _ := os.ReadFile(real); !strings.Contains(string(got), "must_alias") {
		t.Errorf("-o LINK did not write the linked file: %q", got)
	}
	if st, _ := os.Stat(real); st.Mode().Perm() != 0o600 {
		t.Errorf("-o LINK: mode %v, want the linked file's 0600", st.Mode().Perm())
	}
}

// A write that fails while a pipe is read and written to -o (here the
// file size limit of ulimit -f) ends the run with the write's error (the
// output's or the spool's), exit 1, and leaves neither the output nor a
// temporary file.
func TestStreamedWriteFails(t *testing.T) {
	tool := toolBinary(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "out.mlir")
	cmd := exec.Command("sh", "-c", `ulimit -f 4096 && exec "$0" --passes=flip-may-aliases - -o "$1"`, tool, out)
	cmd.Stdin = bytes.NewReader(bigModule(24 << 20)) // a pipe, fed by os/exec
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if code := cmd.ProcessState.ExitCode(); code != 1 {
		t.Fatalf("exit %d (%v), want 1: %s", code, err, stderr.String())
	}
	if msg := stderr.String(); !strings.Contains(msg, "write") || !strings.Contains(msg, "file too large") {
		t.Errorf("stderr %q, want the write's error", msg)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("the directory holds %d files", len(entries))
	}
}

// TestStdoutFull checks the report of a failed write to standard output
// when it is a file (the device /dev/full), where a module's unchanged
// ranges go to it file to file, not through the writer that -l and the
// configs use.
func TestStdoutFull(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer full.Close()
	dir := t.TempDir()
	small := filepath.Join(dir, "small.mlir")
	large := filepath.Join(dir, "large.mlir")
	os.WriteFile(small, []byte(simple), 0o644)
	os.WriteFile(large, []byte("// "+strings.Repeat("x", 3<<20)+"\n"+simple), 0o644)
	for _, args := range [][]string{
		{small}, {large}, {"--passes=flip-may-aliases", large}, {"-d", "--passes=flip-may-aliases", small},
		{"-l", "--passes=flip-may-aliases", small}, {"--print-config=json", small}, {"--print-config", dir},
		{"-l", "--passes=flip-may-aliases", dir}, {"--version"},
	} {
		var stderr strings.Builder
		code := run(args, strings.NewReader(""), full, &stderr)
		if want := "mhlo-alias: writing standard output: no space left on device\n"; code != troubleCode(args) || stderr.String() != want {
			t.Errorf("%v > /dev/full: exit %d, stderr %q; want %d and %q", args, code, stderr.String(), troubleCode(args), want)
		}
	}
}
