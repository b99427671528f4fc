package printer

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/bench/gen"
	"github.com/mhlo-alias/mhlo-alias/edit"
	"github.com/mhlo-alias/mhlo-alias/lower"
	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/parser"
)

// TestParallelArguments computes the edits of a signature of 3000
// parameters, in every encoding, with and without a config changed by
// hand, on two processors and on one, and requires the same edits and
// errors.
func TestParallelArguments(t *testing.T) {
	defer func(n int) { parallelArgs = n }(parallelArgs)
	var b bytes.Buffer
	if _, err := gen.Write(&b, gen.Options{Params: 3000, Seed: 7, ConstBytes: 64}); err != nil {
		t.Fatal(err)
	}
	src := b.Bytes()
	for _, emit := range []Emit{EmitResultAlias, EmitModule, EmitTF} {
		for _, change := range []string{"none", "clear"} {
			edits := func(parallel bool) ([]edit.Edit, string) {
				f, err := parser.ParseFile("g.mlir", src, parser.Options{})
				if err != nil {
					t.Fatal(err)
				}
				cfg, diags := lower.Lower(f, src, lower.Options{})
				if diags.HasErrors() {
					t.Fatal(diags)
				}
				if change == "clear" {
					cfg.Aliases = model.NewAliasConfig(*cfg.Output())
					cfg.Donors = &model.DonorConfig{}
				}
				parallelArgs = 1 << 30
				if parallel {
					parallelArgs = 2
				}
				e, err := Edits(f, src, cfg, emit)
				msg := ""
				if err != nil {
					msg = err.Error()
				}
				return e, msg
			}
			seq, seqErr := edits(false)
			if len(seq) < 100 && seqErr == "" {
				t.Fatalf("emit %d, %s: only %d edits", emit, change, len(seq))
			}
			// On two processors or one.
			if par, parErr := edits(true); !reflect.DeepEqual(seq, par) || seqErr != parErr {
				t.Errorf("emit %d, %s: %d edits (%q) on two processors, on one %d (%q)", emit, change, len(par), parErr, len(seq), seqErr)
			}
		}
	}
}
