package fileio

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
)

// withAhead reads files from min bytes ahead of the scan, in chunks of
// chunk bytes, for one test.
func withAhead(t *testing.T, min, chunk int) {
	oldMin, oldChunk := AheadMin, AheadChunk
	AheadMin, AheadChunk = min, chunk
	t.Cleanup(func() { AheadMin, AheadChunk = oldMin, oldChunk })
}

// aheadFile writes n bytes of numbered lines and returns its path and
// bytes.
func aheadFile(t *testing.T, n int) (string, []byte) {
	var b bytes.Buffer
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "line %d %x\n", i, i*2654435761)
	}
	src := b.Bytes()[:n]
	path := filepath.Join(t.TempDir(), "in")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, src
}

// The view of a file read ahead is the file at every step of the scan and
// after it, behind the chunks in memory, in them and ahead of them, and
// dropping pages (Release, Drop) never loses a chunk's bytes; another
// goroutine reading the view while chunks move in and out reads the file
// all along.
func TestAheadViewIsTheFile(t *testing.T) {
	const chunk = 64 << 10
	withAhead(t, 1<<20, chunk)
	for _, n := range []int{5<<20 + 1234, 4 << 20, 3*chunk - 1} {
		path, src := aheadFile(t, n)
		AheadMin = min(AheadMin, n)
		in, err := OpenFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if in.ahead == nil {
			t.Fatalf("%d bytes: not read ahead", n)
		}
		var stop atomic.Bool
		var bad atomic.Int64
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewSource(1))
			for !stop.Load() {
				x := r.Intn(n)
				y := min(n, x+r.Intn(3*chunk))
				if !bytes.Equal(in.Data[x:y], src[x:y]) {
					bad.Add(1)
				}
			}
		}()
		v, more := in.Ahead()
		steps := 0
		for {
			if !bytes.Equal(v, src[:len(v)]) {
				t.Fatalf("%d bytes: the scan's view differs from the file within %d bytes", n, len(v))
			}
			in.Release(len(v))
			in.Drop(0, len(v))
			if !bytes.Equal(in.Data, src) {
				t.Fatalf("%d bytes: the view differs from the file after dropping pages, at %d bytes read", n, len(v))
			}
			if len(v) == n {
				break
			}
			next := more()
			if len(next) <= len(v) {
				t.Fatalf("%d bytes: More did not grow past %d", n, len(v))
			}
			v = next
			steps++
		}
		if want := (n - 1) / chunk; steps != want {
			t.Errorf("%d bytes: %d reads ahead, want one a chunk (%d)", n, steps, want)
		}
		if err := in.Complete(); err != nil {
			t.Fatal(err)
		}
		in.Drop(0, n)
		stop.Store(true)
		wg.Wait()
		if !bytes.Equal(in.Data, src) {
			t.Errorf("%d bytes: the view differs from the file after Complete", n)
		}
		if bad.Load() > 0 {
			t.Errorf("%d bytes: a concurrent reader saw other bytes %d times", n, bad.Load())
		}
		if err := in.Close(); err != nil {
			t.Error(err)
		}
	}
}

// A file truncated while it is read ahead stops the reading ahead; the
// scan then reads the mapping, which faults past the new end: the input's
// ChangedError, under Guard.
func TestAheadTruncated(t *testing.T) {
	withAhead(t, 1<<20, 64<<10)
	path, src := aheadFile(t, 3<<20)
	in, err := OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	v, more := in.Ahead()
	if err := os.Truncate(path, int64(len(src)/2)); err != nil {
		t.Fatal(err)
	}
	err = in.Guard(func() {
		for len(v) < len(src) {
			v = more()
		}
		bytes.Count(v, []byte{'\n'})
	})
	var ce *ChangedError
	if !errors.As(err, &ce) {
		t.Fatalf("error %v, want a ChangedError", err)
	}
	if !in.ahead.off {
		t.Errorf("reading ahead went on past the end of the truncated file")
	}
}

// A file below AheadMin is mapped plainly: its scan reads Data.
func TestAheadOnlyLarge(t *testing.T) {
	withAhead(t, 1<<20, 64<<10)
	path, _ := aheadFile(t, 1<<20-1)
	in, err := OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if first, more := in.Ahead(); first != nil || more != nil || in.ahead != nil {
		t.Errorf("a small file is read ahead")
	}
}
