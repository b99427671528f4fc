package printer_test

import (
	"bytes"
	"io"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/bench/gen"
	"github.com/mhlo-alias/mhlo-alias/bench/growthbench"
	"github.com/mhlo-alias/mhlo-alias/edit"
	"github.com/mhlo-alias/mhlo-alias/lower"
	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/printer"
)

// growthN is the smaller size of the growth benchmarks; each also runs at
// twice that.
const growthN = 8000

// donatedModule is a module of n same-shape donated parameters and n
// results, with its config after donation: result i may-aliases argument
// i and no donor is left, so that every argument's dictionary changes
// (jax.buffer_donor goes, mhlo.result_alias comes) on one long line.
type donatedModule struct {
	src   []byte
	file  *ast.File
	cfg   *model.Config
	edits []edit.Edit
}

func newDonatedModule(b *testing.B, n int) *donatedModule {
	var buf bytes.Buffer
	if _, err := gen.Write(&buf, gen.Options{Params: n, Uniform: "tensor<128x256xf32>", Donors: true}); err != nil {
		b.Fatal(err)
	}
	m := &donatedModule{src: buf.Bytes()}
	m.file, m.cfg = load(b, "donors.mlir", m.src, lower.Options{})
	for i := 0; i < n; i++ {
		if err := m.cfg.Aliases.SetUpAlias(model.ShapeIndex{int64(i)}, int64(i), nil, model.MayAlias, model.Origin{}); err != nil {
			b.Fatal(err)
		}
		m.cfg.Donors.RemoveBufferDonor(int64(i), nil)
	}
	edits, err := printer.Edits(m.file, m.src, m.cfg, printer.EmitResultAlias)
	if err != nil {
		b.Fatal(err)
	}
	m.edits = edits
	return m
}

// timeGrowth times op at growthN and at twice that with growthbench.Run, with
// no collection during a run, as the command runs.
func timeGrowth(b *testing.B, op func(n int)) {
	b.Helper()
	growthbench.Run(b, growthN, true, func(n int) func() { return func() { op(n) } })
}

// BenchmarkGrowth computes the edits, applies them and renders the diff
// (plain and in color) for donatedModule at N = growthN and at 2N
// parameters, and reports how the time grows.
func BenchmarkGrowth(b *testing.B) {
	mods := map[int]*donatedModule{growthN: newDonatedModule(b, growthN), 2 * growthN: newDonatedModule(b, 2*growthN)}
	b.Run("edits", func(b *testing.B) {
		timeGrowth(b, func(n int) {
			m := mods[n]
			if _, err := printer.Edits(m.file, m.src, m.cfg, printer.EmitResultAlias); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("edits-module", func(b *testing.B) {
		timeGrowth(b, func(n int) {
			m := mods[n]
			if _, err := printer.Edits(m.file, m.src, m.cfg, printer.EmitModule); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("apply", func(b *testing.B) {
		timeGrowth(b, func(n int) {
			m := mods[n]
			if _, err := edit.Bytes(m.src, m.edits); err != nil {
				b.Fatal(err)
			}
		})
	})
	for _, color := range []bool{false, true} {
		name := "diff"
		if color {
			name = "diff-color"
		}
		b.Run(name, func(b *testing.B) {
			timeGrowth(b, func(n int) {
				m := mods[n]
				if err := printer.Diff(io.Discard, m.src, m.edits, printer.DiffOptions{OldName: "a", NewName: "b", Color: color}); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}
