package mhloalias

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/internal/fileio"
)

// withAheadFrom reads files of min bytes or more ahead of the scan, in
// chunks of chunk bytes, for one test.
func withAheadFrom(t *testing.T, min, chunk int) {
	oldMin, oldChunk := fileio.AheadMin, fileio.AheadChunk
	fileio.AheadMin, fileio.AheadChunk = min, chunk
	t.Cleanup(func() { fileio.AheadMin, fileio.AheadChunk = oldMin, oldChunk })
}

// aheadModule is a module whose @main, of args donated arguments, begins
// at offset at: the function before it is padded to put it there.
func aheadModule(at, args int) []byte {
	var sig strings.Builder
	for i := 0; i < args; i++ {
		if i > 0 {
			sig.WriteString(", ")
		}
		fmt.Fprintf(&sig, "%%arg%d: tensor<4xf32> {jax.buffer_donor = true}", i)
	}
	main := "  func.func public @main(" + sig.String() + ") -> tensor<4xf32> {\n    return %arg0 : tensor<4xf32>\n  }\n"
	after := "  func.func private @after() {\n" + strings.Repeat("    %c = \"stablehlo.constant\"() {value = dense<\"0x0000000000000000\"> : tensor<2xf32>} : () -> tensor<2xf32>\n", 3000) + "    return\n  }\n}\n"
	const head = "module attributes {mhlo.input_output_alias = []} {\n  func.func private @before() {\n"
	const tail = "    return\n  }\n"
	pad := at - len(head) - len(tail)
	line := "    // padding\n"
	body := strings.Repeat(line, pad/len(line)) + strings.Repeat(" ", pad%len(line))
	return []byte(head + body + tail + main + after)
}

// A file read ahead of its scan gives the output of the same file read
// whole, byte for byte, with @main and its edits at and across chunk
// boundaries, its signature within the chunks in memory or larger than
// all of them, written during the scan (-o, in place) or after it.
func TestAheadSameOutput(t *testing.T) {
	const chunk = 64 << 10
	withAheadFrom(t, 1<<10, chunk)
	withOverlapFrom(t, 1<<10)
	o := Options{Passes: "buffer-donation-to-alias"}
	for _, args := range []int{3, 8000} {
		for _, at := range []int{chunk, 3*chunk - 1, 5*chunk - 40, 5*chunk + 1, 7*chunk - 60} {
			src := aheadModule(at, args)
			if i := bytes.Index(src, []byte("func.func public @main")); i != at+2 {
				t.Fatalf("@main at %d, want %d", i, at+2)
			}
			want, err := Rewrite(src, o)
			if err != nil || bytes.Equal(want, src) {
				t.Fatalf("Rewrite: %v, or nothing changed", err)
			}
			name := fmt.Sprintf("%d arguments at %d", args, at)
			for _, mode := range []string{"-o", "-w", "stdout"} {
				dir := t.TempDir()
				path := filepath.Join(dir, "in.mlir")
				if err := os.WriteFile(path, src, 0o644); err != nil {
					t.Fatal(err)
				}
				out := filepath.Join(dir, "out.mlir")
				var res *Result
				var got []byte
				switch mode {
				case "-o", "-w":
					if mode == "-w" {
						out = path
					}
					res, err = ProcessFileTo(path, out, o)
					if err == nil {
						got, err = os.ReadFile(out)
					}
				default:
					res, err = ProcessFile(path, o)
					if err == nil {
						got = res.Bytes()
					}
				}
				if err != nil {
					t.Fatalf("%s %s: %v", name, mode, err)
				}
				if !res.in.ReadsAhead() {
					t.Errorf("%s %s: not read ahead", name, mode)
				}
				if mode != "stdout" && !res.overlapped {
					t.Errorf("%s %s: not written during the scan", name, mode)
				}
				res.Close()
				if !bytes.Equal(got, want) {
					t.Errorf("%s %s: output differs from Rewrite's", name, mode)
				}
			}
		}
	}
}

// HLO text read ahead: the header's edits and the entry computation in
// other chunks than the header.
func TestAheadSameOutputHLO(t *testing.T) {
	const chunk = 64 << 10
	withAheadFrom(t, 1<<10, chunk)
	withOverlapFrom(t, 1<<10)
	var layout, donors, params strings.Builder
	const n = 3000
	for i := 0; i < n; i++ {
		if i > 0 {
			layout.WriteString(", ")
			donors.WriteString(", ")
		}
		layout.WriteString("f32[4]{0}")
		fmt.Fprintf(&donors, "(%d, {})", i)
		fmt.Fprintf(&params, "  p%d = f32[4]{0} parameter(%d)\n", i, i)
	}
	body := strings.Repeat("  c = f32[2]{0} constant({0, 0})\n", 20000)
	src := []byte("HloModule m, entry_computation_layout={(" + layout.String() + ")->f32[4]{0}}, buffer_donor={ " + donors.String() + " }\n\n" +
		"helper {\n" + body + "  ROOT r = f32[2]{0} add(c, c)\n}\n\nENTRY main {\n" + params.String() + "  ROOT a = f32[4]{0} add(p0, p1)\n}\n")
	o := Options{Passes: "buffer-donation-to-alias"}
	want, err := Rewrite(src, o)
	if err != nil || bytes.Equal(want, src) {
		t.Fatalf("Rewrite: %v, or nothing changed", err)
	}
	dir := t.TempDir()
	path, out := filepath.Join(dir, "in.hlo"), filepath.Join(dir, "out.hlo")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := ProcessFileTo(path, out, o)
	if err != nil {
		t.Fatal(err)
	}
	if !res.in.ReadsAhead() || res.overlapped {
		t.Errorf("read ahead %v, written during the scan %v", res.in.ReadsAhead(), res.overlapped)
	}
	res.Close()
	if got, _ := os.ReadFile(out); !bytes.Equal(got, want) {
		t.Errorf("output differs from Rewrite's")
	}
}

// An error in a file read ahead is reported as in a file read whole, at
// the same position.
func TestAheadSameError(t *testing.T) {
	withAheadFrom(t, 1<<10, 64<<10)
	src := append(aheadModule(5*64<<10-40, 300), "  func.func @broken(\n"...)
	dir := t.TempDir()
	path := filepath.Join(dir, "in.mlir")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := ProcessFile(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer res.Close()
	whole, err := Process(path, src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got, want := res.Diagnostics(), whole.Diagnostics()
	if len(want) == 0 || got.Error() != want.Error() {
		t.Errorf("diagnostics %v, want %v", got, want)
	}
}

// --verify-diagnostics on a file read ahead reads the annotations of the
// whole file, not of what the scan had read when it began.
func TestAheadVerifyDiagnostics(t *testing.T) {
	withAheadFrom(t, 1<<10, 64<<10)
	src := append(aheadModule(5*64<<10-40, 3), "// expected-error @+1 {{expects}}\nfunc.func @broken(\n"...)
	path := filepath.Join(t.TempDir(), "in.mlir")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	o := Options{VerifyDiagnostics: true}
	whole, err := Process(path, src, o)
	if err != nil {
		t.Fatal(err)
	}
	res, err := ProcessFile(path, o)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Close()
	if !res.in.ReadsAhead() {
		t.Fatalf("not read ahead")
	}
	if res.OK() != whole.OK() || res.Diagnostics().Error() != whole.Diagnostics().Error() {
		t.Errorf("read ahead: ok %v, %v; read whole: ok %v, %v", res.OK(), res.Diagnostics(), whole.OK(), whole.Diagnostics())
	}
}
