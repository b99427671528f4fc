package lower

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/parser"
	"github.com/mhlo-alias/mhlo-alias/printer"
)

// TestStreamAgrees: lowering the arguments as the parser decodes them
// (Stream) gives, for every MLIR module of testdata, the config, the
// diagnostics and, in each encoding, the edits that lowering the whole
// tree gives.
func TestStreamAgrees(t *testing.T) {
	var files []string
	filepath.WalkDir("../testdata", func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".mlir") {
			files = append(files, path)
		}
		return nil
	})
	if len(files) < 100 {
		t.Fatalf("%d modules found in testdata", len(files))
	}
	streamed := 0
	for _, path := range files {
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for k, chunk := range bytes.Split(text, []byte("\n// -----\n")) {
			for _, opts := range []Options{{}, {UseTupleArgs: true}, {ReturnTuple: true}} {
				name := fmt.Sprintf("%s#%d %+v", path, k, opts)
				whole := lowerBoth(chunk, opts, false)
				s := lowerBoth(chunk, opts, true)
				if s.streamed {
					streamed++
				}
				if s.text != whole.text {
					t.Errorf("%s: lowered as decoded:\n%s\nwhole:\n%s", name, s.text, whole.text)
				}
			}
		}
	}
	if streamed < 200 {
		t.Errorf("only %d modules had their arguments handed out as decoded", streamed)
	}
}

type lowered struct {
	text     string // the config, the diagnostics and the edits, printed
	streamed bool   // the arguments were handed out
}

// lowerBoth lowers src whole, or with a Stream, and prints the outcome.
func lowerBoth(src []byte, opts Options, stream bool) lowered {
	var b strings.Builder
	popts := parser.Options{}
	var st *Stream
	if stream {
		st = NewStream(src, opts)
		popts.Values = st
	}
	f, err := parser.ParseFile("m.mlir", src, popts)
	if err != nil {
		fmt.Fprintf(&b, "parse: %v\n", err)
		return lowered{text: b.String()}
	}
	var cfg *model.Config
	var diags ast.ErrorList
	if stream {
		cfg, diags = st.Lower(f)
	} else {
		cfg, diags = Lower(f, src, opts)
	}
	for _, d := range diags {
		fmt.Fprintf(&b, "%s\n", d.Error())
	}
	if cfg == nil {
		return lowered{text: b.String(), streamed: f.Entry.ArgSpans != nil}
	}
	fmt.Fprintf(&b, "%s\nsharding %+v\nnames %v\nsource %+v\n", cfg.LongString(), cfg.Sharding, cfg.Names, cfg.Source)
	for _, emit := range []printer.Emit{printer.EmitResultAlias, printer.EmitModule, printer.EmitTF} {
		edits, err := printer.Edits(f, src, cfg, emit)
		fmt.Fprintf(&b, "emit %d: %v %v\n", emit, edits, err)
		// With every alias made must-alias and every other parameter's
		// donor taken away or given, every argument's dictionary changes.
		c := cfg.Clone()
		c.Aliases = cfg.Aliases.Cleared()
		cfg.Aliases.ForEachAlias(func(out model.ShapeIndex, a model.Alias) {
			c.Aliases.SetUpAlias(out, a.ParamNumber, a.ParamIndex, model.MustAlias, a.Origin)
		})
		for i := range c.Params {
			switch p := int64(i); {
			case c.Aliases.ParameterHasAlias(p, model.ShapeIndex{}):
			case c.Donors.ParameterIsBufferDonor(p, model.ShapeIndex{}):
				c.Donors.RemoveBufferDonor(p, model.ShapeIndex{})
			default:
				c.Donors.AddBufferDonor(p, model.ShapeIndex{}, model.Origin{})
			}
		}
		edits, err = printer.Edits(f, src, c, emit)
		fmt.Fprintf(&b, "emit %d, changed: %v %v\n", emit, edits, err)
	}
	return lowered{text: b.String(), streamed: f.Entry.ArgSpans != nil}
}

// TestStreamAgreesOnLongBroken: a signature longer than the grammar's
// piece, broken in an argument, between two, or in its tail, gives the
// same error read as decoded as read whole (the grammar then places it
// over a piece, from the decoder that failed on the arguments).
func TestStreamAgreesOnLongBroken(t *testing.T) {
	arg := func(i int) string {
		return fmt.Sprintf("%%arg%d: tensor<8xf32> {tf.aliasing_output = %d : i32, my.note = [1, 2, 3]} loc(\"p%d\")", i, i, i)
	}
	const n = 3000
	for _, tc := range []struct {
		at   int    // the argument broken, or n for the tail
		bad  string // its text
		tail string
	}{
		{0, "%arg0: tensor<8x%%f32>", ""},
		{n / 2, "%argX: tensor<8xf32> {tf.aliasing_output = 1 : i32 my.note = 1}", ""},
		{n / 2, "%argX: tensor<8xf32> {a = [1, 2,, 3]}", ""},
		{n - 1, "%argX: tensor<8xf32> loc(", ""},
		{n / 2, "%argX: tensor<8xf32> %argY: tensor<8xf32>", ""},
		{n, "", " attributes {x = [1, 2}"},
		{n, "", " -> tensor<8x?f32"},
	} {
		var args []string
		for i := 0; i < n; i++ {
			a := arg(i)
			if i == tc.at {
				a = tc.bad
			}
			args = append(args, a)
		}
		results := " -> (" + strings.Repeat("tensor<8xf32>, ", n-1) + "tensor<8xf32>)"
		if tc.tail != "" {
			results = tc.tail
		}
		src := []byte("module {\n  func.func @main(" + strings.Join(args, ", ") + ")" + results + " {\n    return\n  }\n}\n")
		whole := lowerBoth(src, Options{}, false)
		s := lowerBoth(src, Options{}, true)
		if !strings.HasPrefix(whole.text, "parse: ") {
			t.Errorf("argument %d %q, tail %q: no parse error: %.200s", tc.at, tc.bad, tc.tail, whole.text)
		}
		if s.text != whole.text {
			t.Errorf("argument %d %q, tail %q:\nread as decoded: %s\nwhole: %s", tc.at, tc.bad, tc.tail, s.text, whole.text)
		}
	}
}

// FuzzStreamAgrees: for any text, lowering the arguments as the parser
// decodes them gives what lowering the whole tree gives: the parse error,
// or the config, the diagnostics and the edits in every encoding.
func FuzzStreamAgrees(f *testing.F) {
	filepath.WalkDir("../testdata/mlir", func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".mlir") {
			if text, err := os.ReadFile(path); err == nil {
				for _, chunk := range bytes.Split(text, []byte("\n// -----\n")) {
					f.Add(chunk)
				}
			}
		}
		return nil
	})
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, opts := range []Options{{}, {UseTupleArgs: true}} {
			whole := lowerBoth(src, opts, false)
			s := lowerBoth(src, opts, true)
			if s.text != whole.text {
				t.Fatalf("%+v: lowered as decoded:\n%s\nwhole:\n%s", opts, s.text, whole.text)
			}
		}
	})
}
