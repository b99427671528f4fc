package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// TestWatchHeap checks the collector's pacing switch: with a live heap
// under half of memoryLimit a collection leaves the collector off, and
// once the live heap passes it, the limit is lifted and GOGC=50 paces it.
func TestWatchHeap(t *testing.T) {
	oldPercent := debug.SetGCPercent(-1)
	oldLimit := debug.SetMemoryLimit(memoryLimit)
	defer func() {
		debug.SetGCPercent(oldPercent)
		debug.SetMemoryLimit(oldLimit)
	}()
	percent := func() int { p := debug.SetGCPercent(-1); debug.SetGCPercent(p); return p }
	settle := func() {
		runtime.GC()
		runtime.GC() // the finalizer of the first runs by the second
		time.Sleep(50 * time.Millisecond)
	}
	watchHeap()
	settle()
	if p := percent(); p != -1 {
		t.Fatalf("a small heap switched the collector on: GOGC=%d", p)
	}
	live := make([]byte, memoryLimit) // more than half the limit, held
	for i := range live {
		live[i] = byte(i)
	}
	settle()
	if p, l := percent(), debug.SetMemoryLimit(-1); p != 50 || l != math.MaxInt64 {
		t.Errorf("with %d MiB live: GOGC=%d, limit %d; want 50 and no limit", len(live)>>20, p, l)
	}
	runtime.KeepAlive(live)
}
