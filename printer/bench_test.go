package printer_test

import (
	"bytes"
	"io"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/bench/gen"
	"github.com/mhlo-alias/mhlo-alias/edit"
	"github.com/mhlo-alias/mhlo-alias/lower"
	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/printer"
)

// BenchmarkEdits writes a changed config (every alias made must) into a
// module whose entry function has 2000 parameters, and renders the diff.
func BenchmarkEdits(b *testing.B) {
	var buf bytes.Buffer
	if _, err := gen.Write(&buf, gen.Options{Before: 1 << 20, After: 1 << 20, Params: 2000, Seed: 1, ConstBytes: 4096}); err != nil {
		b.Fatal(err)
	}
	src := buf.Bytes()
	f, cfg := load(b, "m.mlir", src, lower.Options{})
	restamp(cfg, model.MustAlias)
	b.Run("edits", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := printer.Edits(f, src, cfg, printer.EmitResultAlias); err != nil {
				b.Fatal(err)
			}
		}
	})
	edits, _ := printer.Edits(f, src, cfg, printer.EmitResultAlias)
	b.Run("apply", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := edit.Bytes(src, edits); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("diff", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if err := printer.Diff(io.Discard, src, edits, printer.DiffOptions{OldName: "a", NewName: "b", Color: true}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
