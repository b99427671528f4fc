package mhloalias

import (
	"github.com/mhlo-alias/mhlo-alias/internal/fileio"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/parser"
)

// The pipeline's result on the file as Early saw it is reused when no
// alias defined after the entry is named in what the pipeline read, and
// is then the result the whole file gives; otherwise the pipeline runs
// again.
func TestReuseEarlyResult(t *testing.T) {
	const main = "#early = #later\nmodule {\n  func.func @main(%a: tensor<4xf32> {jax.buffer_donor = true}, %b: !my.t) -> tensor<4xf32> {\n    return %a : tensor<4xf32>\n  }\n}\n"
	for _, tt := range []struct {
		name, tail string
		reuse      bool
	}{
		{"nothing after", "", true},
		{"a location alias after the module", "#loc9 = loc(\"x.py\":1:1)\n", true},
		{"an alias the signature names", "!my.t = tensor<4xf32>\n", false},
		{"an alias an earlier alias names", "#later = 1 : i32\n", false},
	} {
		src := []byte(main + tt.tail)
		s, err := Options{Passes: "buffer-donation-to-alias"}.resolve()
		if err != nil {
			t.Fatal(err)
		}
		// Stopped: the early pipeline runs, no writer starts.
		path := filepath.Join(t.TempDir(), "r.mlir")
		if err := os.WriteFile(path, src, 0o644); err != nil {
			t.Fatal(err)
		}
		in, err := openFile(path)
		if err != nil {
			t.Fatal(err)
		}
		defer in.Close()
		sp := &speculation{Speculation: fileio.NewSpeculation(in, path+".out", false), in: in, s: s}
		sp.Stop()
		file, err := parser.ParseFile("r.mlir", src, parser.Options{Early: sp.mlirHook()})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		e := sp.reuse(file)
		if (e != nil) != tt.reuse {
			t.Errorf("%s: reused %v, want %v", tt.name, e != nil, tt.reuse)
			continue
		}
		if e == nil {
			continue
		}
		cfg, edits, diags := s.rewrite(file, src)
		if !reflect.DeepEqual(e.edits, edits) || !reflect.DeepEqual(e.diags, diags) || !reflect.DeepEqual(cfg, e.cfg) {
			t.Errorf("%s: the early result differs from the whole file's", tt.name)
		}
	}
}
