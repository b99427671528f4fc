package printer_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/edit"
	"github.com/mhlo-alias/mhlo-alias/lower"
	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/parser"
	"github.com/mhlo-alias/mhlo-alias/printer"
)

// splitMarker is the --split-input-file separator of the lit tests.
var splitMarker = regexp.MustCompile(`(?m)^// -----[ \t]*$`)

// entryFlag finds the --entry flags of RUN and FLAGS lines.
var entryFlag = regexp.MustCompile(`--entry=([A-Za-z_][A-Za-z0-9_]*)`)

// seed is a module and the mode byte it was meant to be read with.
type seed struct {
	src  []byte
	mode uint8
}

// seedModules returns the example modules and every chunk of the lit
// tests' inputs, each with the tuple options its RUN or FLAGS lines use;
// a module whose lines name another entry function is added once more
// with that function renamed @main.
func seedModules(f *testing.F) []seed {
	var seeds []seed
	examples, _ := filepath.Glob("../testdata/examples/*.mlir")
	lit, _ := filepath.Glob("../testdata/mlir/*/*.mlir")
	for _, file := range append(examples, lit...) {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		var mode uint8
		if bytes.Contains(b, []byte("--use-tuple-args")) {
			mode |= modeTupleArgs
		}
		if bytes.Contains(b, []byte("--return-tuple")) {
			mode |= modeReturnTuple
		}
		chunks := [][]byte{b}
		if parts := splitMarker.Split(string(b), -1); len(parts) > 1 {
			for _, c := range parts {
				chunks = append(chunks, []byte(c))
			}
		}
		for _, c := range chunks {
			seeds = append(seeds, seed{c, 0})
			if mode != 0 {
				seeds = append(seeds, seed{c, mode})
			}
			for _, m := range entryFlag.FindAllSubmatch(b, -1) {
				name := string(m[1])
				if !bytes.Contains(c, []byte("@"+name+"(")) {
					continue
				}
				renamed := bytes.ReplaceAll(c, []byte("@main("), []byte("@main_0("))
				renamed = bytes.ReplaceAll(renamed, []byte("@"+name+"("), []byte("@main("))
				renamed = bytes.ReplaceAll(renamed, []byte(`"`+name+`"`), []byte(`"main"`))
				seeds = append(seeds, seed{renamed, mode})
			}
		}
	}
	return seeds
}

// The bits of FuzzRoundTrip's mode byte.
const (
	modeTupleArgs   = 1 << iota // lower.Options.UseTupleArgs
	modeReturnTuple             // lower.Options.ReturnTuple
	modeChange0                 // with modeChange1: which change to make
	modeChange1
)

// fuzzChanges are the changes FuzzRoundTrip makes to a config before
// writing it, standing in for the passes.
var fuzzChanges = []string{"none", "remove", "may", "must"}

// FuzzRoundTrip checks the printer on any module that parses and lowers:
// no edits give the input byte for byte; writing the config (or a changed
// one) in each encoding that can state it gives a module that reads back
// as the same config, and writing that again changes nothing.
func FuzzRoundTrip(f *testing.F) {
	for _, s := range seedModules(f) {
		f.Add(s.src, s.mode)
		f.Add(s.src, s.mode|modeChange0|modeChange1)
	}
	f.Fuzz(func(t *testing.T, src []byte, mode uint8) {
		opts := lower.Options{UseTupleArgs: mode&modeTupleArgs != 0, ReturnTuple: mode&modeReturnTuple != 0}
		file, err := parser.ParseFile("in.mlir", src, parser.Options{})
		if err != nil {
			return
		}
		cfg, diags := lower.Lower(file, src, opts)
		if diags.HasErrors() {
			return
		}
		if out, err := edit.Bytes(src, nil); err != nil || !bytes.Equal(out, src) {
			t.Fatalf("no edits must give the input: %v", err)
		}
		change := fuzzChanges[(mode>>2)&3]
		transforms[change](cfg)
		if model.Verify(cfg).HasErrors() {
			return // a must-alias MHLO would refuse: nothing to write
		}
		for _, emit := range []printer.Emit{printer.EmitResultAlias, printer.EmitModule, printer.EmitTF} {
			roundTrip(t, src, file, cfg, emit, opts)
		}
	})
}

// roundTrip writes cfg into src in one encoding, reads it back and writes
// it again.
func roundTrip(t *testing.T, src []byte, file *ast.File, cfg *model.Config, emit printer.Emit, opts lower.Options) {
	want, wantJSON := cfg.ShortString(), cfg.JSON()
	edits, err := printer.Edits(file, src, cfg, emit)
	if err != nil {
		checkDiagnostics(t, err, len(src))
		return // the encoding cannot state this config
	}
	out, err := edit.Bytes(src, edits)
	if err != nil {
		t.Fatalf("emit %d: Bytes: %v", emit, err)
	}
	file2, err := parser.ParseFile("out.mlir", out, parser.Options{})
	if err != nil {
		t.Fatalf("emit %d: the output does not parse: %v\n--- output:\n%s", emit, err, out)
	}
	cfg2, diags := lower.Lower(file2, out, opts)
	if diags.HasErrors() {
		t.Fatalf("emit %d: the output does not lower: %v\n--- output:\n%s", emit, diags, out)
	}
	if got := cfg2.ShortString(); got != want {
		t.Fatalf("emit %d: config read back differs:\n got %s\nwant %s\n--- output:\n%s", emit, got, want, out)
	}
	if got := cfg2.JSON(); got != wantJSON {
		t.Fatalf("emit %d: JSON read back differs:\n got %s\nwant %s\n--- output:\n%s", emit, got, wantJSON, out)
	}
	again, err := printer.Edits(file2, out, cfg2, emit)
	if err != nil {
		t.Fatalf("emit %d: writing the output again fails: %v\n--- output:\n%s", emit, err, out)
	}
	if out2, _ := edit.Bytes(out, again); !bytes.Equal(out2, out) {
		t.Fatalf("emit %d: writing the output again changes it:\n--- first:\n%s\n--- second:\n%s", emit, out, out2)
	}
}

// checkDiagnostics requires err to be a non-empty list of positioned
// diagnostics.
func checkDiagnostics(t *testing.T, err error, size int) {
	list, ok := err.(ast.ErrorList)
	if !ok || len(list) == 0 {
		t.Fatalf("error %T %v is not a non-empty ErrorList", err, err)
	}
	for _, e := range list {
		if !e.Pos.IsValid() || e.Pos.Offset < 0 || e.Pos.Offset > size {
			t.Fatalf("diagnostic without a valid position: %v", e)
		}
	}
}
