//go:build unix

package faults

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"syscall"
	"testing"
)

// A fault on a goroutine started with Go is a panic on the caller's
// goroutine when it waits, with the runtime's fault error.
func TestFaultReachesTheCaller(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, make([]byte, 1<<16), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	data, err := syscall.Mmap(int(f.Fd()), 0, 1<<16, syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		t.Skip("no mmap:", err)
	}
	defer syscall.Munmap(data)
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		r := recover()
		if _, ok := r.(interface{ Addr() uintptr }); !ok {
			t.Fatalf("recovered %v, want the runtime's fault error", r)
		}
	}()
	var sum byte
	wait := Go(func() { sum += data[1<<15] })
	wait()
	t.Fatal("no panic")
}

// Without a panic, wait just waits.
func TestNoPanic(t *testing.T) {
	x := 0
	Go(func() { x = 1 })()
	if x != 1 {
		t.Fatal("f did not run before wait returned")
	}
}
