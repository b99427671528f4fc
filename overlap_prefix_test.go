package mhloalias

import (
	"bufio"
	"bytes"
	"github.com/mhlo-alias/mhlo-alias/edit"
	"github.com/mhlo-alias/mhlo-alias/internal/fileio"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// The prefix phase: with @main after more than one scan step (8 MB) of
// text, the text before it is written while the scan goes on, for every
// encoding whose module edit the module's dictionary alone gives.

var prefixBody = sync.OnceValue(func() string {
	line := `    %c = "stablehlo.constant"() {value = dense<"0x0000000000000000"> : tensor<2xf32>} : () -> tensor<2xf32>` + "\n"
	return strings.Repeat(line, (9<<20)/len(line))
})

// prefixModule is a module whose @main comes after 9 MB of another
// function; the module's dictionary states an alias of parameter 1.
func prefixModule(beforeMain, main, after string) []byte {
	return []byte(`module @m attributes {mhlo.num_partitions = 1 : i32, mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 1 : i64}, output_index = array<i64: 1>}]} {` + "\n" +
		"  func.func private @before() {\n" + prefixBody() + "    return\n  }\n" + beforeMain +
		main + "\n  func.func private @after() {\n    return\n  }\n" + after + "}\n")
}

const prefixMain = `  func.func public @main(%arg0: tensor<4xf32> {jax.buffer_donor = true}, %arg1: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    return %arg0, %arg1 : tensor<4xf32>, tensor<4xf32>
  }`

func withSyncPrefix(t *testing.T) {
	withOverlapFrom(t, 1024)
	fileio.SyncPrefix = true
	t.Cleanup(func() { fileio.SyncPrefix = false })
}

// runTo runs ProcessFileTo on src (mode 0600) in a new directory, in
// place or to a second file, and returns the result, the output's bytes
// (nil when there is none), the names the directory holds and the
// output's path.
func runTo(t *testing.T, src []byte, o Options, inPlace bool) (*Result, []byte, []string, string) {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "in.mlir")
	if err := os.WriteFile(in, src, 0o600); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.mlir")
	if inPlace {
		out = in
	}
	res, err := ProcessFileTo(in, out, o)
	if err != nil {
		t.Fatal(err)
	}
	res.Close()
	got, _ := os.ReadFile(out)
	var names []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return res, got, names, out
}

func TestPrefixPhaseEqualsPlainOutput(t *testing.T) {
	withSyncPrefix(t)
	src := prefixModule("", prefixMain, "")
	for _, emit := range []string{"", "result-alias", "tf", "module"} {
		for _, pass := range []string{"", "buffer-donation-to-alias", "flip-may-aliases,remove-aliases"} {
			o := Options{Emit: emit, Passes: pass}
			want, err := Rewrite(src, o)
			if err != nil {
				t.Fatalf("emit %q passes %q: %v", emit, pass, err)
			}
			for _, inPlace := range []bool{false, true} {
				res, got, names, _ := runTo(t, src, o, inPlace)
				name := "emit " + emit + " passes " + pass
				if !res.OK() || !bytes.Equal(got, want) {
					t.Errorf("%s (in place %v): output differs from Rewrite's (%v)", name, inPlace, res.Diagnostics())
				}
				changes := !bytes.Equal(want, src)
				// In place an unchanged file is not written at all.
				if res.overlapped != (changes || !inPlace) {
					t.Errorf("%s (in place %v): overlapped %v", name, inPlace, res.overlapped)
				}
				// The prefix phase runs for every encoding but module's,
				// and copies at least the first scan step before @main.
				if prefix := emit != "module" && res.overlapped; prefix != (res.prefixed >= 8<<20) {
					t.Errorf("%s (in place %v): %d bytes written before @main was read", name, inPlace, res.prefixed)
				}
				if n := 2 - b2i(inPlace); len(names) != n {
					t.Errorf("%s (in place %v): the directory holds %v", name, inPlace, names)
				}
			}
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// A failure after the prefix phase started writing leaves no output, and
// in place the file as it was; a result that differs from what the early
// parse gave is written again from the result.
func TestPrefixPhaseFailures(t *testing.T) {
	withSyncPrefix(t)
	o := Options{Passes: "buffer-donation-to-alias"}
	tests := []struct {
		name string
		src  []byte
		ok   bool
	}{
		{"error before @main", prefixModule("  func.func @broken(\n", prefixMain, ""), false},
		{"error after @main", prefixModule("", prefixMain, "  func.func @broken(\n"), false},
		{"second @main", prefixModule("", prefixMain, "  func.func @main() {\n    return\n  }\n"), false},
		{"pass fails", prefixModule("", strings.Replace(prefixMain, "%arg0: tensor<4xf32> {jax.buffer_donor = true}", "%arg0: tensor<4xf32> {jax.buffer_donor = true, mhlo.result_alias = #mhlo.result_alias<result_index = [7], may_alias>}", 1), ""), false},
		// Early, !my.t is an unknown dialect type, so the donor matches
		// nothing; its definition after the module makes it a tensor.
		{"later alias", append(prefixModule("", strings.ReplaceAll(prefixMain, "tensor<4xf32>", "!my.t"), ""), "!my.t = tensor<4xf32>\n"...), true},
	}
	for _, tt := range tests {
		for _, inPlace := range []bool{false, true} {
			res, got, names, _ := runTo(t, tt.src, o, inPlace)
			if res.OK() != tt.ok {
				t.Fatalf("%s: ok %v (%v)", tt.name, res.OK(), res.Diagnostics())
			}
			switch {
			case !tt.ok && inPlace:
				if !bytes.Equal(got, tt.src) {
					t.Errorf("%s: a failed run changed the file in place", tt.name)
				}
			case !tt.ok:
				if got != nil {
					t.Errorf("%s: a failed run wrote the output", tt.name)
				}
			default:
				want, err := Rewrite(tt.src, o)
				if err != nil || !bytes.Equal(got, want) || bytes.Equal(want, tt.src) {
					t.Errorf("%s (in place %v): output differs from Rewrite's, or nothing changed (%v)", tt.name, inPlace, err)
				}
				if res.overlapped {
					t.Errorf("%s: the speculative output was kept", tt.name)
				}
			}
			want := 1
			if tt.ok && !inPlace {
				want = 2
			}
			if len(names) != want {
				t.Errorf("%s (in place %v): the directory holds %v", tt.name, inPlace, names)
			}
		}
	}
}

func TestEditWriterSteps(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	in := bytesInput("x", []byte("abcdefghij"))
	w := fileio.EditWriter{In: in, F: f, BW: bufio.NewWriter(f)}
	prefix := []edit.Edit{{Start: 1, End: 2, New: "X"}, {Start: 4, End: 7, New: "W"}}
	if err := w.CopyTo(5, prefix); err != nil {
		t.Fatal(err)
	}
	// The second edit reaches past 5: the writer stops before it.
	if w.At != 4 || len(w.Applied) != 1 {
		t.Fatalf("at %d, %d edits applied; want 4, 1", w.At, len(w.Applied))
	}
	for _, tt := range []struct {
		full []edit.Edit
		ok   bool
	}{
		{[]edit.Edit{{Start: 1, End: 2, New: "X"}, {Start: 4, End: 7, New: "V"}}, true},
		{[]edit.Edit{{Start: 1, End: 2, New: "X"}}, true},
		{[]edit.Edit{{Start: 1, End: 2, New: "Y"}, {Start: 4, End: 7, New: "W"}}, false},
		{[]edit.Edit{{Start: 1, End: 2, New: "X"}, {Start: 3, End: 3, New: "Q"}}, false},
		{[]edit.Edit{{Start: 4, End: 7, New: "W"}}, false},
	} {
		if got := w.Continues(tt.full); got != tt.ok {
			t.Errorf("continues(%v) = %v, want %v", tt.full, got, tt.ok)
		}
	}
	full := []edit.Edit{{Start: 1, End: 2, New: "X"}, {Start: 4, End: 7, New: "V"}, {Start: 10, End: 10, New: "!"}}
	if err := w.CopyTo(len(in.Data), full[len(w.Applied):]); err != nil {
		t.Fatal(err)
	}
	if err := w.BW.Flush(); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(f.Name())
	if string(got) != "aXcdVhij!" {
		t.Errorf("wrote %q, want %q", got, "aXcdVhij!")
	}
}

// A stream of more than spoolMin is spooled and then written as a named
// file is, during the scan; a failed run writes nothing.
func TestProcessReaderTo(t *testing.T) {
	withSyncPrefix(t)
	o := Options{Passes: "buffer-donation-to-alias"}
	for _, tt := range []struct {
		name string
		src  []byte
		ok   bool
	}{
		{"plain", prefixModule("", prefixMain, ""), true},
		{"error after @main", prefixModule("", prefixMain, "  func.func @broken(\n"), false},
	} {
		dir := t.TempDir()
		out := filepath.Join(dir, "out.mlir")
		// A reader that is not a file: the stream is spooled.
		res, err := ProcessReaderTo("<stdin>", struct{ io.Reader }{bytes.NewReader(tt.src)}, out, o)
		if err != nil {
			t.Fatal(err)
		}
		res.Close()
		got, rerr := os.ReadFile(out)
		if res.OK() != tt.ok {
			t.Fatalf("%s: ok %v (%v)", tt.name, res.OK(), res.Diagnostics())
		}
		if !tt.ok {
			if rerr == nil {
				t.Errorf("%s: a failed run wrote the output", tt.name)
			}
			continue
		}
		want, err := Rewrite(tt.src, o)
		if err != nil || !bytes.Equal(got, want) || !res.overlapped || res.prefixed < 8<<20 {
			t.Errorf("%s: output equal %v, overlapped %v, %d bytes before @main (%v)", tt.name, bytes.Equal(got, want), res.overlapped, res.prefixed, err)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 1 {
			t.Errorf("%s: the directory holds %d files", tt.name, len(entries))
		}
	}
}
