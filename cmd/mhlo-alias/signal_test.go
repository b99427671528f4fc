package main

import (
	"bytes"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// SIGTERM and SIGINT while -w or -o writes a 200 MB module (64 MB without
// MHLO_ALIAS_LONG_TESTS=1): the target
// is left as it was (the input unchanged, no -o file), no temporary file
// remains, and the exit status is 143 or 130.
func TestSignalRemovesTemporaryFile(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 200 MB file; skipped with -short")
	}
	tool := toolBinary(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "m.mlir")
	src := bigModule(longOr(200, 64) << 20)
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.mlir")
	modes := map[string][]string{
		"-w": {"-w", "--passes=flip-may-aliases", path},
		"-o": {"--passes=flip-may-aliases", "-o", out, path},
	}
	signals := map[syscall.Signal]int{syscall.SIGTERM: 143, syscall.SIGINT: 130}
	for mode, args := range modes {
		for sig, want := range signals {
			var code int
			for try := 0; ; try++ {
				cmd, _, done, temp := startUntilTemp(t, tool, dir, args...)
				if temp {
					cmd.Process.Signal(sig)
				}
				<-done
				code = cmd.ProcessState.ExitCode()
				if code != 0 || try == 5 {
					break
				}
				// The run ended before the signal: start again from the
				// old text.
				t.Logf("%s %v: try %d ended before the signal", mode, sig, try)
				if err := os.WriteFile(path, src, 0o644); err != nil {
					t.Fatal(err)
				}
				os.Remove(out)
			}
			if code != want {
				t.Errorf("%s %v: exit status %d, want %d", mode, sig, code, want)
			}
			if got, err := os.ReadFile(path); err != nil || !bytes.Equal(got, src) {
				t.Errorf("%s %v: the input changed (%v)", mode, sig, err)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("%s %v: the -o file exists (%v)", mode, sig, err)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				t.Errorf("%s %v: files left beside the input: %v", mode, sig, entries)
			}
		}
	}
}
