package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// waitTemp waits until dir holds one of the tool's temporary files
// (.NAME.*.tmp), and
// reports whether it did before the process ended (done closed).
func waitTemp(t *testing.T, dir string, done <-chan struct{}) bool {
	t.Helper()
	for {
		select {
		case <-done:
			return false
		default:
		}
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if n := e.Name(); strings.HasPrefix(n, ".") && strings.HasSuffix(n, ".tmp") {
				return true
			}
		}
		time.Sleep(200 * time.Microsecond)
	}
}

// startUntilTemp starts the tool with args and waits until one of its
// temporary files appears in dir (temp) or the process ends; done is
// closed when it has ended.
func startUntilTemp(t *testing.T, tool, dir string, args ...string) (cmd *exec.Cmd, stderr *bytes.Buffer, done chan struct{}, temp bool) {
	t.Helper()
	cmd = exec.Command(tool, args...)
	stderr = new(bytes.Buffer)
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done = make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	return cmd, stderr, done, waitTemp(t, dir, done)
}

// Another process truncating the input while the tool maps it and
// writes -o: exit status 1, "FILE changed while being read", no
// goroutine dump, no output and no temporary file.
func TestInputTruncatedDuringRun(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a large file; skipped with -short")
	}
	tool := toolBinary(t)
	src := bigModule(96 << 20)
	for try := 0; ; try++ {
		dir := t.TempDir()
		path := filepath.Join(dir, "m.mlir")
		if err := os.WriteFile(path, src, 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, "out.mlir")
		cmd, stderr, done, truncated := startUntilTemp(t, tool, dir, "--passes=flip-may-aliases", "-o", out, path)
		if truncated {
			if err := os.Truncate(path, 1<<20); err != nil {
				t.Fatal(err)
			}
		}
		<-done
		code := cmd.ProcessState.ExitCode()
		if !truncated || code == 0 {
			t.Logf("try %d: truncated %v, exit %d, %s", try, truncated, code, stderr.String())
			if try < 5 {
				continue
			}
			t.Fatalf("every run ended before the truncation (exit %d)", code)
		}
		want := "mhlo-alias: " + path + " changed while being read\n"
		if code != 1 || stderr.String() != want {
			t.Fatalf("exit %d, stderr %q; want exit 1 and %q", code, stderr.String(), want)
		}
		if strings.Contains(stderr.String(), "goroutine") {
			t.Fatalf("a goroutine dump: %s", stderr.String())
		}
		entries, _ := os.ReadDir(dir)
		if len(entries) != 1 {
			t.Fatalf("files left beside the input: %v", entries)
		}
		return
	}
}
