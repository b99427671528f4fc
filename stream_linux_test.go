package mhloalias

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unsafe"
)

// A pipe is scanned, and its output written, while it is still
// arriving, without a spool: the output file is begun before the
// stream's last byte is sent, and the output is the one a whole read
// gives. The text is not kept.
func TestStreamedPipe(t *testing.T) {
	o := Options{Passes: "buffer-donation-to-alias"}
	for _, tt := range []struct {
		name string
		src  []byte
	}{
		{"main late", prefixModule("", prefixMain, "")},
		{"main first", []byte(strings.Replace(string(prefixModule("", "", "")), "  func.func private @before", prefixMain+"\n  func.func private @before", 1))},
	} {
		dir := t.TempDir()
		out := filepath.Join(dir, "out.mlir")
		r, sawReady := feedPipe(t, tt.src, func() bool { return hasTemp(dir) })
		res, err := ProcessReaderTo("<stdin>", r, out, o)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		if !<-sawReady {
			t.Errorf("%s: no output was begun before the end of the stream", tt.name)
		}
		want, err := Rewrite(tt.src, o)
		got, rerr := os.ReadFile(out)
		if err != nil || rerr != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: output equal %v (%v, %v)", tt.name, bytes.Equal(got, want), err, rerr)
		}
		if !res.overlapped || res.Source() != nil || len(res.Modules) != 1 || res.Modules[0].End != len(tt.src) {
			t.Errorf("%s: overlapped %v, source kept %v, modules %d", tt.name, res.overlapped, res.Source() != nil, len(res.Modules))
		}
		if _, err := res.WriteTo(io.Discard); err == nil {
			t.Errorf("%s: WriteTo of a stream not kept succeeded", tt.name)
		}
		res.Close()
	}
}

// withRing makes the ring of streamed inputs chunks*chunk bytes for one
// test.
func withRing(t *testing.T, chunk, chunks int) {
	oc, on := ringChunk, ringChunks
	ringChunk, ringChunks = chunk, chunks
	t.Cleanup(func() { ringChunk, ringChunks = oc, on })
}

// A stream that the ring cannot finish is abandoned and read again from
// the output written so far (its edits undone), the ring and the rest of
// the pipe: outputs and diagnostics are those of the whole input. The
// ring is made small (2 MB) so that the start of every module here has
// left it when the stream is abandoned.
func TestStreamAbandoned(t *testing.T) {
	withRing(t, 1<<20, 2)
	donors := Options{Passes: "buffer-donation-to-alias"}
	bigSig := "  func.func public @main(%arg0: tensor<4xf32> {jax.buffer_donor = true}" + strings.Repeat(", %a: tensor<4xf32> {x.pad = \"0123456789abcdef\"}", 60000) + ") -> tensor<4xf32> {\n    return %arg0 : tensor<4xf32>\n  }"
	// The same functions without the module around them: its first line
	// and its closing brace go.
	module := string(prefixModule("", prefixMain, ""))
	bare := strings.TrimSuffix(module[strings.IndexByte(module, '\n')+1:], "}\n")
	for _, tt := range []struct {
		name string
		src  []byte
		o    Options
	}{
		{"error after main", prefixModule("", prefixMain, "  func.func @broken(\n"), donors},
		{"second main", prefixModule("", prefixMain, "  func.func @main() {\n    return\n  }\n"), donors},
		{"alias defined after the module", append(prefixModule("", strings.ReplaceAll(prefixMain, "tensor<4xf32>", "!my.t"), ""), "!my.t = tensor<4xf32>\n"...), donors},
		{"bare functions", []byte(bare), donors},
		{"signature larger than the ring", prefixModule("", bigSig, ""), donors},
		{"hlo", []byte("HloModule m, entry_computation_layout={(f32[4]{0})->f32[4]{0}}\n\nENTRY main {\n  // " + strings.Repeat("x", 5<<20) + "\n  ROOT p = f32[4]{0} parameter(0)\n}\n"), Options{Passes: "add-may-aliases"}},
		{"emit module", prefixModule("", prefixMain, ""), Options{Passes: "buffer-donation-to-alias", Emit: "module"}},
	} {
		dir := t.TempDir()
		out := filepath.Join(dir, "out.mlir")
		r, _ := feedPipe(t, tt.src, func() bool { return true })
		res, err := ProcessReaderTo("<stdin>", r, out, tt.o)
		r.Close()
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		res.Close()
		whole, err := Process("<stdin>", tt.src, tt.o)
		if err != nil {
			t.Fatal(err)
		}
		if res.OK() != whole.OK() || res.Diagnostics().Error() != whole.Diagnostics().Error() {
			t.Errorf("%s: ok %v, diagnostics %q; whole: ok %v, %q", tt.name, res.OK(), res.Diagnostics().Error(), whole.OK(), whole.Diagnostics().Error())
		}
		got, rerr := os.ReadFile(out)
		if !whole.OK() {
			if rerr == nil {
				t.Errorf("%s: a failed run wrote the output", tt.name)
			}
		} else if want := whole.Bytes(); rerr != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: output equal %v (%v)", tt.name, bytes.Equal(got, want), rerr)
		}
		if entries, _ := os.ReadDir(dir); len(entries) > 1 {
			t.Errorf("%s: the directory holds %d files", tt.name, len(entries))
		}
	}
}

// Recycling the ring leaves no hole in its reservation: the kernel could
// place another mapping (the Go heap's) in a hole, and Close would unmap
// it with the reservation.
func TestRingLeavesNoHole(t *testing.T) {
	src := prefixModule("", prefixMain, "")
	r, _ := feedPipe(t, src, func() bool { return true })
	defer r.Close()
	in, err := streamPipe("<stdin>", r)
	if err != nil {
		t.Skip("no ring here:", err)
	}
	g := in.grow
	// Play scan and writer: consume everything as it arrives.
	for n, done := 0, false; !done; {
		n, done = g.wait(n)
		g.scanned(n)
		g.wrote(n)
	}
	if g.ringBase() == 0 {
		t.Fatal("the ring was never recycled")
	}
	lo := uintptr(unsafe.Pointer(&g.all[0]))
	hi := lo + uintptr(len(g.all))
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
	in, err := streamPipe("<stdin>", r)
	if err != nil {
		t.Skip("no ring here:", err)
	}
	defer in.Close()
	const b = 5000 // inside the second page
	w.Write(src[:b])
	for deadline := time.Now().Add(10 * time.Second); in.grow.size() < b; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the ring did not read the first bytes")
		}
	}
	kept := make(chan struct{})
	go func() {
		in.keepSpan(100, b)
		close(kept)
	}()
	time.Sleep(20 * time.Millisecond)
	w.Write(src[b:])
	w.Close()
	<-kept
	page := os.Getpagesize()
	end := (b + page - 1) / page * page
	if got := in.grow.keep[100:end]; !bytes.Equal(got, src[100:end]) {
		t.Errorf("kept %q... past the span, want the input's bytes", got[b-100:min(len(got), b-100+16)])
	}
}
