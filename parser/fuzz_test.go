package parser_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/lower"
	"github.com/mhlo-alias/mhlo-alias/parser"
)

// FuzzParseFile feeds arbitrary text to the parser and the lowering: each
// must return a result or positioned diagnostics, never panic or hang.
func FuzzParseFile(f *testing.F) {
	files, _ := filepath.Glob("../testdata/examples/*.mlir")
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`func.func @main(%a: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}) -> tensor<2xf32>`))
	f.Add([]byte("module attributes {mhlo.num_partitions = 2 : i32} {\n  sdy.mesh @m = <[\"x\"=2]>\n" +
		`  func.func @main(%a: tensor<4xf32> {mhlo.sharding = "{devices=[2]<=[2] metadata={op_name=\22a\22}}"}, %b: tuple<tensor<4xf32>> {sdy.sharding = #sdy.sharding<@m, [{"x"}]>}) -> (tensor<4xf32> {mhlo.sharding = "{{replicated}}"})` + "\n}\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := parser.ParseFile("f.mlir", src, parser.Options{})
		if err != nil {
			list, ok := err.(ast.ErrorList)
			if !ok || len(list) == 0 {
				t.Fatalf("error %T %v is not a non-empty ErrorList", err, err)
			}
			for _, e := range list {
				if !e.Pos.IsValid() || e.Pos.Offset < 0 || e.Pos.Offset > len(src) {
					t.Fatalf("diagnostic without a valid position: %v", e)
				}
			}
			return
		}
		for _, a := range file.Entry.Args {
			if a.Pos.Offset > a.EndPos.Offset || a.EndPos.Offset > len(src) {
				t.Fatalf("argument span %v-%v out of range", a.Pos, a.EndPos)
			}
		}
		for _, opts := range []lower.Options{{}, {UseTupleArgs: true, ReturnTuple: true}} {
			cfg, diags := lower.Lower(file, src, opts)
			if cfg == nil && !diags.HasErrors() {
				t.Fatalf("no config and no error")
			}
			for _, e := range diags {
				if !e.Pos.IsValid() {
					t.Fatalf("diagnostic without a position: %v", e)
				}
			}
		}
	})
}
