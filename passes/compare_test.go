package passes

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// TestCompare sets JAX's, XLA's and Neuron's answers side by side on a
// module for two devices: parameter 0 is halved, parameter 1 aliased as
// JAX writes it, parameters 2 and 3 donors.
func TestCompare(t *testing.T) {
	c := cfg(params(f32(16), f32(8), f32(4, 8), s32(3)), tup(f32(8), f32(8), s32(32)),
		donor(0, nil), tf(ix(1), 1), donor(2, nil), donor(3, nil),
		two(outs(replicated, replicated, replicated), []*model.Sharding{halves}, false, false, false))
	c.Names.Params = []model.Name{model.NewName([]byte("w"), 0, 1, model.Raw)}
	before := c.LongString()
	got, err := Compare(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.LongString() != before {
		t.Errorf("Compare changed the config")
	}
	var lines []string
	for _, r := range got {
		line := strings.Join([]string{
			fmt.Sprintf("parameter %d at %s %q", r.Param, r.Index, r.Name),
			"jax " + verdictText(r.JAX), "xla " + verdictText(r.XLA), "neuron " + verdictText(r.Neuron)}, "\n  ")
		lines = append(lines, line)
	}
	want := []string{
		`parameter 0 at {} "w"
  jax {0}: may-alias: output {0} f32[8]{0} has its shape (f32[8] on each device), element type, memory space and layout
  xla {0}: may-alias: output {0} already aliases it, and the pass keeps aliases
  neuron {0}: may-alias: output {0} already aliases it, and the pass keeps aliases`,
		`parameter 1 at {} ""
  jax {1}: may-alias: output {1} f32[8]{0} has its shape (f32[8] on each device), element type, memory space and layout
  xla {1}: may-alias: output {1} already aliases it, and the pass keeps aliases
  neuron {1}: may-alias: output {1} already aliases it, and the pass keeps aliases`,
		`parameter 2 at {} ""
  jax donor: buffer donor: output {2} s32[32]{0} has its element count (32) but another shape or element type, so JAX leaves the pairing to XLA
  xla {2}: may-alias: output {2} s32[32]{0} has the same byte size (128 bytes per device)
  neuron donor: byte-size: output {2} s32[32]{0} has the same byte size (128 bytes per device) but another shape; XLA's optimize_input_output_buffer_alias would pair them`,
		`parameter 3 at {} ""
  jax none: none: no output without an alias has its shape (s32[3] on each device) or element count (3); JAX warns "Some donated buffers were not usable: int32[3]"
  xla none: none: JAX's pairing donates it to no output, so the pass does not consider it
  neuron none: none: JAX's pairing donates it to no output, so the pass does not consider it`,
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("Compare:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	// Parameter 3 alone: JAX's pairing keeps the others' aliases and
	// donors, and 3 still finds no output.
	if got, err := Compare(c, []int64{3}); err != nil || len(got) != 1 || got[0].Param != 3 || got[0].JAX.Donor || got[0].XLA.Donor {
		t.Errorf("Compare(c, [3]) = %+v, %v", got, err)
	}
	if _, err := Compare(c, []int64{9}); err == nil {
		t.Errorf("Compare with donated=9: no error")
	}
}

// TestCompareFailingPass: a pass that cannot run (here for an unresolved
// layout) says so for every donor.
func TestCompareFailingPass(t *testing.T) {
	c := cfg(params(unres(f32(8))), tup(s32(8)), donor(0, nil))
	got, err := Compare(c, nil)
	if err != nil || len(got) != 1 {
		t.Fatalf("Compare = %v, %v", got, err)
	}
	if v := got[0].XLA; !v.Donor || !strings.HasPrefix(v.Reason, "none: optimize_input_output_buffer_alias fails: ") {
		t.Errorf("xla: %+v", v)
	}
	if v := got[0].JAX; !v.Donor || v.Output != nil {
		t.Errorf("jax: %+v", v)
	}
}

func verdictText(v model.Verdict) string {
	switch {
	case v.Output != nil:
		return v.Output.String() + ": " + v.Reason
	case v.Donor:
		return "donor: " + v.Reason
	}
	return "none: " + v.Reason
}
