//go:build linux

package main

import (
	"bytes"
	"fmt"
	"math/rand"
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

// /dev/zero and /dev/urandom as the input, to standard output and to
// -o, fail with a positioned error, exit status 1, and write nothing. How
// soon is a row of bench/run.sh (section 15); how much is read, below.
func TestEndlessDevicesFail(t *testing.T) {
	tool := toolBinary(t)
	dir := t.TempDir()
	for _, dev := range []string{"/dev/zero", "/dev/urandom"} {
		for _, args := range [][]string{{dev}, {"-o", filepath.Join(dir, "out.mlir"), dev}} {
			cmd := exec.Command(tool, args...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			var hung atomic.Bool
			timer := time.AfterFunc(time.Minute, func() { hung.Store(true); cmd.Process.Kill() })
			cmd.Wait()
			timer.Stop()
			if hung.Load() {
				t.Errorf("%v: still reading after a minute", args)
			}
			if code := cmd.ProcessState.ExitCode(); code != 1 {
				t.Errorf("%v: exit status %d, want 1", args, code)
			}
			if want := dev + ": byte "; !strings.HasPrefix(stderr.String(), want) || stdout.Len() != 0 {
				t.Errorf("%v: stdout %d bytes, stderr %q; want nothing and an error starting %q", args, stdout.Len(), stderr.String(), want)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Errorf("%v: files left: %v", args, entries)
			}
		}
	}
}

// endlessBytes is an endless stream of zeros, or of random bytes, that
// counts what it gave.
type endlessBytes struct {
	random bool
	n      *atomic.Int64
}

func (e endlessBytes) Read(p []byte) (int, error) {
	if e.random {
		rand.Read(p)
	} else {
		clear(p)
	}
	e.n.Add(int64(len(p)))
	return len(p), nil
}

// An endless binary stream on standard input ends the read at its first
// bytes: what the tool takes of it (counted as the stream is written into
// the pipe, so with the pipe's buffer and one copy's) is a bounded start,
// whatever the stream's length.
func TestEndlessStreamReadBounded(t *testing.T) {
	tool := toolBinary(t)
	for _, random := range []bool{false, true} {
		var n atomic.Int64
		cmd := exec.Command(tool, "--passes=add-may-aliases", "-")
		cmd.Stdin = endlessBytes{random, &n}
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		timer := time.AfterFunc(time.Minute, func() { cmd.Process.Kill() })
		cmd.Wait()
		timer.Stop()
		if code := cmd.ProcessState.ExitCode(); code != 1 || stdout.Len() != 0 || !strings.HasPrefix(stderr.String(), "<stdin>: byte ") {
			t.Errorf("random %v: exit status %d, stdout %d bytes, stderr %q; want 1, nothing, and a positioned error", random, code, stdout.Len(), stderr.String())
		}
		if got := n.Load(); got > 1<<20 {
			t.Errorf("random %v: %d bytes of the stream taken, want at most 1 MiB", random, got)
		}
	}
}

// endlessText is an endless stream of the same line, as yes(1) writes.
type endlessText struct{ line string }

func (e endlessText) Read(p []byte) (int, error) {
	n := 0
	for n+len(e.line) <= len(p) {
		n += copy(p[n:], e.line)
	}
	return n, nil
}

// An endless stream of text that starts no module (yes | mhlo-alias -)
// ends the read once its start is in, with an error at its first token,
// instead of spilling to disk until it fills; text that may start a
// module is read on.
func TestEndlessTextFails(t *testing.T) {
	tool := toolBinary(t)
	for _, line := range []string{"y\n", "hello world\n", "  // c\n  42\n"} {
		cmd := exec.Command(tool, "--passes=add-may-aliases", "-")
		cmd.Stdin = endlessText{line}
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		timer := time.AfterFunc(10*time.Second, func() { cmd.Process.Kill() })
		cmd.Wait()
		timer.Stop()
		if code := cmd.ProcessState.ExitCode(); code != 1 {
			t.Errorf("%q: exit status %d, want 1", line, code)
		}
		if want := "which starts no module"; !strings.HasPrefix(stderr.String(), "<stdin>:") || !strings.Contains(stderr.String(), want) || stdout.Len() != 0 {
			t.Errorf("%q: stdout %d bytes, stderr %q; want nothing and %q", line, stdout.Len(), stderr.String(), want)
		}
	}
	// A module after 128 KiB of comments is read whole.
	src := strings.Repeat("// a comment line of the stream\n", 4096) + "func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {\n  return %arg0 : tensor<2xf32>\n}\n"
	cmd := exec.Command(tool, "--passes=add-may-aliases", "--print-config=short", "-")
	cmd.Stdin = strings.NewReader(src)
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "may-alias") {
		t.Errorf("a module after comments: %v, %s", err, out)
	}
}

// A named FIFO carrying a 96 MB module (200 MB with the long tests) gives
// the output of the same module as a file, within 64 MiB, to -o and to
// standard output.
func TestFIFOIsAStream(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 96 MB module; skipped with -short")
	}
	size := 96 << 20 // more than the 64 MiB the run may hold
	if longTests() {
		size = 200 << 20
	}
	tool := toolBinary(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "m.mlir")
	src := bigModule(size)
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
