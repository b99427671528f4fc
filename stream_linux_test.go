package mhloalias

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/internal/fileio"
)

// An MLIR pipe is read whole before it is parsed: the output is the one
// a whole read gives.
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
		r, _ := feedPipe(t, tt.src, func() bool { return hasTemp(dir) })
		res, err := ProcessReaderTo("<stdin>", r, out, o)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		want, err := Rewrite(tt.src, o)
		got, rerr := os.ReadFile(out)
		if err != nil || rerr != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: output equal %v (%v, %v)", tt.name, bytes.Equal(got, want), err, rerr)
		}
		if len(res.Modules) != 1 || res.Modules[0].End != len(tt.src) {
			t.Errorf("%s: modules %d", tt.name, len(res.Modules))
		}
		res.Close()
	}
}

// withRing makes the ring of streamed inputs chunks*chunk bytes for one
// test.
func withRing(t *testing.T, chunk, chunks int) {
	oc, on := fileio.RingChunk, fileio.RingChunks
	fileio.RingChunk, fileio.RingChunks = chunk, chunks
	t.Cleanup(func() { fileio.RingChunk, fileio.RingChunks = oc, on })
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
		checkLikeWhole(t, tt.name, res, tt.src, tt.o, out)
	}
}

// checkLikeWhole fails unless res, a streamed run that wrote out, has the
// outcome and diagnostics of a run on the whole of src, the whole run's
// output in out (none when it failed), and nothing else beside out.
func checkLikeWhole(t *testing.T, name string, res *Result, src []byte, o Options, out string) {
	t.Helper()
	whole, err := Process("<stdin>", src, o)
	if err != nil {
		t.Fatal(err)
	}
	if res.OK() != whole.OK() || res.Diagnostics().Error() != whole.Diagnostics().Error() {
		t.Errorf("%s: ok %v, diagnostics %q; whole: ok %v, %q", name, res.OK(), res.Diagnostics().Error(), whole.OK(), whole.Diagnostics().Error())
	}
	got, rerr := os.ReadFile(out)
	if !whole.OK() {
		if rerr == nil {
			t.Errorf("%s: a failed run wrote the output", name)
		}
	} else if want := whole.Bytes(); rerr != nil || !bytes.Equal(got, want) {
		t.Errorf("%s: output equal %v (%d bytes, want %d; %v)", name, bytes.Equal(got, want), len(got), len(want), rerr)
	}
	if entries, _ := os.ReadDir(filepath.Dir(out)); len(entries) > 1 {
		t.Errorf("%s: the directory holds %d files", name, len(entries))
	}
}

// bigBody is a function body of about n bytes whose lines hold what the
// scan must follow across the window's pieces: strings with escaped
// quotes and runs of backslashes, braces inside strings and comments,
// comments, dense literals.
func bigBody(n int, seed uint64) string {
	rng := rand.New(rand.NewPCG(seed, 7))
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		switch rng.IntN(5) {
		case 0:
			fmt.Fprintf(&b, "    %%c%d = \"x.op\"() {s = \"a\\\"}{\\\\\", t = \"%s\"} : () -> ()\n", i, strings.Repeat("\\\\", rng.IntN(4)))
		case 1:
			fmt.Fprintf(&b, "    // a comment { with } \"braces\" %d\n", i)
		case 2:
			fmt.Fprintf(&b, "    %%d%d = stablehlo.constant dense<\"0x%s\"> : tensor<%dxi8>\n", i, strings.Repeat("0123456789ABCDEF", 1+rng.IntN(4000)), i)
		case 3:
			fmt.Fprintf(&b, "    \"x.region\"() ({\n      \"x.inner\"() {k = \"}\"} : () -> ()\n    }) : () -> ()\n")
		default:
			fmt.Fprintf(&b, "    %%e%d = \"x.op\"() {d = {n = %d : i64}} : () -> () / 2\n", i, i)
		}
	}
	return b.String()
}

// Function bodies larger than the ring, before the entry function, in it
// and after it, generic or ending in errors: outputs and diagnostics are
// those of the whole input.
func TestStreamedWindow(t *testing.T) {
	donors := Options{Passes: "buffer-donation-to-alias"}
	big := func(name string, seed uint64) string {
		return "  func.func private @" + name + "() {\n" + bigBody(12<<20, seed) + "    return\n  }\n"
	}
	mainBig := strings.Replace(prefixMain, "    return %arg0", bigBody(12<<20, 3)+"    return %arg0", 1)
	generic := `  "func.func"() ({` + "\n" + bigBody(12<<20, 4) + `  }) {sym_name = "g", function_type = () -> ()} : () -> ()` + "\n"
	for _, tt := range []struct {
		name string
		src  []byte
	}{
		{"before main", prefixModule(big("b", 1), prefixMain, "")},
		{"main's body", prefixModule("", mainBig, "")},
		{"after main", prefixModule("", prefixMain, big("a", 2))},
		{"generic before main", prefixModule(generic, prefixMain, "")},
		{"error after a body", prefixModule(big("b", 5), prefixMain, "  func.func @broken(\n")},
		{"unbalanced body", []byte("module {\n" + big("b", 6)[:12<<20] + "\n")},
		{"unterminated string", []byte("module {\n  func.func @f() {\n" + bigBody(12<<20, 8) + "    \"x.op\"() {s = \"no end\n" + strings.Repeat("x", 1<<20) + "\n")},
	} {
		dir := t.TempDir()
		out := filepath.Join(dir, "out.mlir")
		r, _ := feedPipe(t, tt.src, func() bool { return true })
		res, err := ProcessReaderTo("<stdin>", r, out, donors)
		r.Close()
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		res.Close()
		checkLikeWhole(t, tt.name, res, tt.src, donors, out)
	}
}
