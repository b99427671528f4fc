package mhloalias

import (
	"fmt"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"strings"
	"testing"
)

// shardedDonation is issue 36's first case: a donor f32[16] split over
// two devices and an output (here s32[8]) replicated, which XLA pairs (32
// bytes a device each), JAX leaves a donor (its element count matches,
// not its type) and Neuron, matching shapes as written, does not pair.
const shardedDonation = `module @jit_f attributes {mhlo.num_partitions = 2 : i32} {
  func.func public @main(%arg0: tensor<16xf32> {jax.buffer_donor = true, mhlo.sharding = "{devices=[2]<=[2]}"})
      -> (tensor<8xi32> {mhlo.sharding = "{replicated}"}) {
    %0 = "test.op"() : () -> tensor<8xi32>
    return %0 : tensor<8xi32>
  }
}
`

// TestCompareView: the side-by-side view, in the compare form, the table
// and the HTML report, says what each rule does with the donated leaf.
func TestCompareView(t *testing.T) {
	res, err := Process("m.mlir", []byte(shardedDonation), Options{CompareDonations: true, ExplainDonors: true})
	if err != nil {
		t.Fatal(err)
	}
	m := res.Modules[0]
	if len(m.Compared) != 1 {
		t.Fatalf("Compared = %+v, want one leaf", m.Compared)
	}
	c := m.Compared[0]
	if c.JAX.Output != nil || !c.JAX.Donor || c.XLA.Output == nil || c.XLA.Output.String() != "{}" || c.Neuron.Output != nil {
		t.Errorf("JAX %+v, XLA %+v, Neuron %+v: want JAX a donor, XLA pairing output {}, Neuron none", c.JAX, c.XLA, c.Neuron)
	}
	text, err := m.FormatConfig("compare")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"donations compared: 1 (JAX: jax-donation, XLA: xla-buffer-donation, Neuron: buffer-donation-to-alias)",
		"0 {}       f32[16]{0} (f32[8]{0} per device)",
		"0 {} XLA: may-alias: output {} s32[8]{0} has the same byte size (32 bytes per device)",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("compare form lacks %q:\n%s", want, text)
		}
	}
	table, err := m.FormatConfig("table")
	if err != nil || !strings.Contains(table, "donations compared: 1") {
		t.Errorf("table form (%v) lacks the comparison:\n%s", err, table)
	}
	var r Report
	r.Add(res)
	var b strings.Builder
	if err := r.WriteHTML(&b); err != nil {
		t.Fatal(err)
	}
	if html := b.String(); !strings.Contains(html, "<h3>Donations compared</h3>") || !strings.Contains(html, "<b>output {}</b>") {
		t.Errorf("the report lacks the comparison")
	}
	// Without the option no comparison is made, and the table has none.
	res, _ = Process("m.mlir", []byte(shardedDonation), Options{})
	if res.Modules[0].Compared != nil {
		t.Errorf("Compared without the option: %+v", res.Modules[0].Compared)
	}
}

// TestFirstUnsettled shows at most eight warnings of aliases the
// partitioner settles, then one that counts the rest.
func TestFirstUnsettled(t *testing.T) {
	var ws ast.ErrorList
	for i := range 11 {
		ws = append(ws, &ast.Error{Pos: ast.Pos{Line: i + 1}, Severity: ast.SevWarning, Msg: fmt.Sprint("alias ", i)})
	}
	got := firstUnsettled(ws[:9], len(ws))
	if len(got) != 9 || got[7].Msg != "alias 7" || got[8].Pos.Line != 9 ||
		got[8].Msg != "3 more aliases one of whose sides has no sharding, as above, are not shown" {
		t.Errorf("firstUnsettled = %v", got)
	}
	if ws[8].Msg != "alias 8" {
		t.Errorf("the list given was changed: %v", ws[8])
	}
	if got := firstUnsettled(ws[:8], 8); len(got) != 8 {
		t.Errorf("eight warnings: %d shown", len(got))
	}
}

// TestUnsettledCountedNotBuilt: a module with more unsettled aliases than
// are shown warns of the first eight and counts the rest, for the module
// as read and again for the aliases XLA's pairing adds, each alias once.
func TestUnsettledCountedNotBuilt(t *testing.T) {
	var args, results []string
	for i := range 13 {
		attr := fmt.Sprintf("tf.aliasing_output = %d : i32", i)
		if i >= 10 {
			attr = "jax.buffer_donor = true"
		}
		args = append(args, fmt.Sprintf("%%arg%d: tensor<8xf32> {%s}", i, attr))
		results = append(results, "tensor<8xf32>")
	}
	src := fmt.Sprintf("module attributes {mhlo.num_partitions = 2 : i32} {\n  func.func public @main(%s) -> (%s) {\n    %%0 = \"test.op\"() : () -> tensor<8xf32>\n    return %%0 : tensor<8xf32>\n  }\n}\n",
		strings.Join(args, ", "), strings.Join(results, ", "))
	res, err := Process("m.mlir", []byte(src), Options{Passes: "xla-buffer-donation"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range res.Modules[0].Diagnostics {
		if d.Severity == ast.SevWarning {
			got = append(got, d.Msg)
		}
	}
	if len(got) != 9+3 {
		t.Fatalf("%d warnings, want 9 for the module as read and 3 for the aliases the pass adds:\n%s", len(got), strings.Join(got, "\n"))
	}
	if want := "2 more aliases one of whose sides has no sharding, as above, are not shown"; got[8] != want {
		t.Errorf("warning 9 = %q, want %q", got[8], want)
	}
	for i, w := range got[9:] {
		if want := fmt.Sprintf("output index {%d} is aliased with parameter %d at {}", 10+i, 10+i); !strings.Contains(w, want) {
			t.Errorf("added warning %d = %q, want it to contain %q", i, w, want)
		}
	}
}
