package mhloalias

import (
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/passes"
	"github.com/mhlo-alias/mhlo-alias/remarks"
)

// donorsModule donates four arguments; one output of their shape, one of
// their shape in another layout and one of their size in another shape.
const donorsModule = `module @jit_step {
  func.func public @main(%arg0: tensor<4x8xf32> {jax.buffer_donor = true},
                         %arg1: tensor<4x8xf32> {jax.buffer_donor = true, mhlo.layout_mode = "{0,1}"},
                         %arg2: tensor<8x4xf32> {jax.buffer_donor = true},
                         %arg3: tensor<4x8xi32> {jax.buffer_donor = true})
      -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<32xf32>) {
    return %arg0, %arg0, %arg0 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<32xf32>
  }
}
`

// TestTableReasonsAreTheRemarks checks that the table's reason for each
// unused donor is the Reason of the donor-unused remark of the same run:
// one explanation, printed in both places.
func TestTableReasonsAreTheRemarks(t *testing.T) {
	for _, pipeline := range []string{"buffer-donation-to-alias", "buffer-donation-to-alias,xla-buffer-donation", "xla-buffer-donation"} {
		res, err := Process("step.mlir", []byte(donorsModule), Options{Passes: pipeline, ExplainDonors: true, ConfigOnly: true,
			Remarks: remarks.FilterOptions{Missed: "donor-unused"}})
		if err != nil || !res.OK() {
			t.Fatalf("%s: %v %v", pipeline, err, res.Diagnostics())
		}
		m := res.Modules[0]
		table, err := m.FormatConfig("table")
		if err != nil {
			t.Fatal(err)
		}
		if len(m.Remarks) == 0 {
			t.Fatalf("%s: no donor-unused remark", pipeline)
		}
		// Those of the last donation pass, which come last.
		var last []ast.Remark
		for _, r := range m.Remarks {
			if r.Pass == m.Remarks[len(m.Remarks)-1].Pass {
				last = append(last, r)
			}
		}
		for _, r := range last {
			if !strings.Contains(table, "  unused: "+r.Reason+"\n") {
				t.Errorf("%s: the table lacks the remark's reason %q:\n%s", pipeline, r.Reason, table)
			}
		}
		if n := strings.Count(table, "  unused: "); n != len(last) {
			t.Errorf("%s: %d unused donors in the table, %d remarks", pipeline, n, len(last))
		}
	}
}

// TestFormatConfigTable checks that the function FormatConfig, which
// knows no pipeline, explains the donors as buffer-donation-to-alias
// would for the config itself (passes.UnusedDonors), and the module's
// FormatConfig as the pipeline's last donation pass did.
func TestFormatConfigTable(t *testing.T) {
	res, err := Process("step.mlir", []byte(donorsModule), Options{Passes: "xla-buffer-donation", ExplainDonors: true, ConfigOnly: true})
	if err != nil || !res.OK() {
		t.Fatalf("%v %v", err, res.Diagnostics())
	}
	m := res.Modules[0]
	fromPass, err := m.FormatConfig("table")
	if err != nil {
		t.Fatal(err)
	}
	fromConfig, err := FormatConfig(m.Config, "table")
	if err != nil {
		t.Fatal(err)
	}
	unused := passes.UnusedDonors(m.Config, nil, nil)
	if len(unused) != 1 || len(m.UnusedDonors) != 1 {
		t.Fatalf("want one unused donor, got %d and %d", len(unused), len(m.UnusedDonors))
	}
	if want := "  unused: " + unused[0].Remark.Reason + "\n"; !strings.Contains(fromConfig, want) {
		t.Errorf("FormatConfig lacks %q:\n%s", want, fromConfig)
	}
	if want := "  unused: " + m.UnusedDonors[0].Remark.Reason + "\n"; !strings.Contains(fromPass, want) {
		t.Errorf("Module.FormatConfig lacks %q:\n%s", want, fromPass)
	}
	if fromPass == fromConfig {
		t.Errorf("the pass's reason and the config's are the same here; the test shows nothing:\n%s", fromPass)
	}
	if _, err := FormatConfig(nil, "table"); err == nil {
		t.Error("a nil config has no table")
	}
}

// TestReportFacade checks Report: a module added from a result, a failed
// one, an input that could not be read, in the order added, and one page.
func TestReportFacade(t *testing.T) {
	var r Report
	res, err := Process("step.mlir", []byte(donorsModule+"// -----\nmodule {\n"), Options{SplitInputFile: true, Passes: "buffer-donation-to-alias", ExplainDonors: true})
	if err != nil {
		t.Fatal(err)
	}
	r.Add(res)
	var other Report
	other.AddError("gone.mlir", errString("open gone.mlir: no such file or directory"))
	r.Append(&other)
	if r.Len() != 3 {
		t.Fatalf("Len() = %d, want 3", r.Len())
	}
	var b strings.Builder
	if err := r.WriteHTML(&b); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, want := range []string{
		"<title>mhlo-alias report: 3 modules</title>",
		`<a href="#m0">step.mlir chunk 0</a>`,
		`<a href="#m1">step.mlir chunk 1</a>`,
		`<a href="#m2">gone.mlir</a>`,
		"3 modules in 2 files, 2 failed",
		"open gone.mlir: no such file or directory",
		"unused: layout: output {1} is f32[4,8]{1,0}",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}

type errString string

func (e errString) Error() string { return string(e) }
