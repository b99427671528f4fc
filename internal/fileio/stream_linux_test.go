package fileio

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/mhlo-alias/mhlo-alias/edit"
)

// streamOf returns src written to a pipe, as a streamed input (the test
// is skipped where there is no ring).
func streamOf(t *testing.T, src []byte) *Input {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		w.Write(src)
		w.Close()
	}()
	t.Cleanup(func() { r.Close() })
	in, err := StreamPipe("<stdin>", r)
	if err != nil {
		t.Skip("no ring here:", err)
	}
	return in
}

// Recycling the ring leaves no hole in its reservation: the kernel could
// place another mapping (the Go heap's) in a hole, and Close would unmap
// it with the reservation.
func TestRingLeavesNoHole(t *testing.T) {
	src := bytes.Repeat([]byte("0123456789abcdef\n"), 2<<20) // 34 MB: four rings
	in := streamOf(t, src)
	g := in.Grow
	// Play scan and writer: consume everything as it arrives.
	for n, done := 0, false; !done; {
		n, done = g.Wait(n)
		g.Scanned(n)
		g.Wrote(n)
	}
	if g.RingBase() == 0 {
		t.Fatal("the ring was never recycled")
	}
	lo := uintptr(unsafe.Pointer(&g.All[0]))
	hi := lo + uintptr(len(g.All))
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		t.Skip(err)
	}
	covered := lo
	for _, line := range strings.Split(string(maps), "\n") {
		var a, b uintptr
		if _, err := fmt.Sscanf(line, "%x-%x", &a, &b); err != nil || b <= covered || a >= hi {
			continue
		}
		if a > covered {
			t.Fatalf("a hole at %#x-%#x in the ring's reservation (%#x-%#x)", covered, a, lo, hi)
		}
		covered = b
	}
	if covered < hi {
		t.Fatalf("the reservation is mapped only to %#x of %#x", covered, hi)
	}
	in.Close()
}

// A kept span's last page is kept whole: when the span ends where the
// input has arrived so far, keepSpan waits for the rest of the page, so
// that a read just past the span sees the input, not zeros.
func TestKeepWholePage(t *testing.T) {
	src := bytes.Repeat([]byte("0123456789abcdef"), 2000) // 32000 bytes
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	in, err := StreamPipe("<stdin>", r)
	if err != nil {
		t.Skip("no ring here:", err)
	}
	defer in.Close()
	const b = 5000 // inside the second page
	w.Write(src[:b])
	if n, _ := in.Grow.Wait(b - 1); n != b {
		t.Fatalf("the ring read %d bytes of the %d written", n, b)
	}
	kept := make(chan struct{})
	go func() {
		in.KeepSpan(100, b)
		close(kept)
	}()
	time.Sleep(20 * time.Millisecond)
	w.Write(src[b:])
	w.Close()
	<-kept
	page := os.Getpagesize()
	end := (b + page - 1) / page * page
	if got := in.Grow.keep[100:end]; !bytes.Equal(got, src[100:end]) {
		t.Errorf("kept %q... past the span, want the input's bytes", got[b-100:min(len(got), b-100+16)])
	}
}

// The writer of a streamed input copies toward the scan in whole pieces
// of the output: CopyToward stops at the last piece's end (counted in the
// output, after the edits applied), CopyTo at the offset given.
func TestCopyTowardWholePieces(t *testing.T) {
	src := bytes.Repeat([]byte("0123456789abcdef"), (4*WritePiece+1000)/16)
	in := streamOf(t, src)
	defer in.Close()
	n := 0
	for done := false; !done; {
		n, done = in.Grow.Wait(n)
	}
	out, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	ew := &EditWriter{In: in, F: out, BW: bufio.NewWriter(out)}
	edits := []edit.Edit{{Start: 10, End: 20, New: "abc"}}
	if err := ew.CopyToward(n, edits); err != nil {
		t.Fatal(err)
	}
	// The output is 7 bytes shorter than the input after the edit.
	if want := 4*WritePiece + 7; ew.At != want {
		t.Errorf("CopyToward stopped at %d, want %d (the end of the fourth piece of the output)", ew.At, want)
	}
	if err := ew.CopyTo(n, nil); err != nil || ew.At != n {
		t.Fatalf("CopyTo stopped at %d of %d (%v)", ew.At, n, err)
	}
	ew.BW.Flush()
	got, _ := os.ReadFile(out.Name())
	want := append(append(append([]byte{}, src[:10]...), "abc"...), src[20:]...)
	if !bytes.Equal(got, want) {
		t.Errorf("the output differs: %d bytes, want %d", len(got), len(want))
	}
}
