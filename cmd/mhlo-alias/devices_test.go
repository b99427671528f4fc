//go:build linux

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// watchRSS follows the peak resident set (VmHWM) of the running process
// p until the returned function is called, which returns the largest
// seen, in bytes. The rusage of a finished child cannot tell it: its
// ru_maxrss keeps, across execve, the resident set of the process it was
// forked from (this test, holding the module).
func watchRSS(p *os.Process) func() int64 {
	var peak atomic.Int64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		status := fmt.Sprintf("/proc/%d/status", p.Pid)
		for {
			if b, err := os.ReadFile(status); err == nil {
				for _, line := range strings.Split(string(b), "\n") {
					var kb int64
					if _, err := fmt.Sscanf(line, "VmHWM: %d kB", &kb); err == nil && kb<<10 > peak.Load() {
						peak.Store(kb << 10)
					}
				}
			}
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	}()
	return func() int64 {
		close(stop)
		<-done
		return peak.Load()
	}
}

// /dev/zero as the input, to standard output and to -o, is read as a
// stream, within 64 MiB, until the run is ended; then -o leaves nothing.
func TestDevZeroIsBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("reads /dev/zero for seconds; skipped with -short")
	}
	tool := toolBinary(t)
	dir := t.TempDir()
	for _, args := range [][]string{{"/dev/zero"}, {"-o", filepath.Join(dir, "out.mlir"), "/dev/zero"}} {
		cmd := exec.Command(tool, args...)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		peak := watchRSS(cmd.Process)
		time.Sleep(time.Duration(longOr(2000, 500)) * time.Millisecond)
		rss := peak()
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
		if code := cmd.ProcessState.ExitCode(); code != 143 {
			t.Errorf("%v: exit status %d, want 143 (ended by SIGTERM)", args, code)
		}
		if rss == 0 || rss > 64<<20 {
			t.Errorf("%v: peak RSS %d MiB, want at most 64", args, rss>>20)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 0 {
			t.Errorf("%v: files left: %v", args, entries)
		}
	}
}

// A named FIFO carrying a 200 MB module (80 MB without
// MHLO_ALIAS_LONG_TESTS=1, still more than the bound) gives the output of
// the same module as a file, within 64 MiB, to -o and to standard output.
func TestFIFOIsAStream(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 200 MB module; skipped with -short")
	}
	tool := toolBinary(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "m.mlir")
	src := bigModule(longOr(200, 80) << 20)
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	want, err := exec.Command(tool, "--passes=flip-may-aliases", path).Output()
	if err != nil || bytes.Equal(want, src) {
		t.Fatalf("the file's own run: %v", err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO:", err)
	}
	out := filepath.Join(dir, "out.mlir")
	for _, args := range [][]string{{"-o", out, fifo}, {fifo}} {
		go func() {
			f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
			if err != nil {
				return
			}
			f.Write(src)
			f.Close()
		}()
		cmd := exec.Command(tool, append([]string{"--passes=flip-may-aliases"}, args...)...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		peak := watchRSS(cmd.Process)
		err := cmd.Wait()
		rss := peak()
		if err != nil {
			t.Fatalf("%v: %v\n%s", args, err, stderr.String())
		}
		got := stdout.Bytes()
		if args[0] == "-o" {
			got, _ = os.ReadFile(out)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%v: the output differs from the file's (%d bytes, want %d)", args, len(got), len(want))
		}
		if rss == 0 || rss > 64<<20 {
			t.Errorf("%v: peak RSS %d MiB, want at most 64", args, rss>>20)
		}
	}
}
