package report

import (
	"strconv"
	"strings"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// Compared is one donated parameter leaf and what each donation rule
// does with it: a model.Comparison with the leaf's shape.
type Compared struct {
	model.Comparison
	// Shape is the leaf's shape with its layout, and when the module is
	// to be partitioned, what one device holds of it.
	Shape string
}

// Rules are the donation rules a comparison sets side by side, in its
// order: the heading of each column and the pass that plays it.
var Rules = [3]struct{ Head, Pass string }{
	{"JAX", "jax-donation"}, {"XLA", "xla-buffer-donation"}, {"Neuron", "buffer-donation-to-alias"},
}

// SetCompared gives t the comparison cmp of the donation rules on c, the
// config as read.
func (t *Table) SetCompared(c *model.Config, cmp []model.Comparison) {
	t.Compared = make([]Compared, len(cmp))
	for i, k := range cmp {
		t.Compared[i] = Compared{Comparison: k, Shape: "?"}
		if sub, ok := c.ParamSubshape(k.Param, k.Index); ok {
			t.Compared[i].Shape = Cut(sub.StringWithLayout(), ShapeWidth)
			if dev, _ := c.DeviceParam(k.Param, k.Index); dev != sub {
				t.Compared[i].Shape += " (" + Cut(dev.StringWithLayout(), ShapeWidth) + " per device)"
			}
		}
	}
}

// Verdicts are the three rules' verdicts, in the order of Rules.
func (k *Compared) Verdicts() [3]model.Verdict { return [3]model.Verdict{k.JAX, k.XLA, k.Neuron} }

// VerdictText is a verdict in a word or two: "output {0}", "donor" or "-"
// (the rule leaves the leaf neither aliased nor a donor).
func VerdictText(v model.Verdict) string {
	switch {
	case v.Output != nil:
		return "output " + v.Output.String()
	case v.Donor:
		return "donor"
	}
	return "-"
}

// CompareText is the comparison for people, the --print-config=compare
// form: a line per donated leaf with each rule's verdict, then each
// verdict's reason.
//
//	donations compared: 1 (JAX: jax-donation, XLA: xla-buffer-donation, Neuron: buffer-donation-to-alias)
//	  parameter  shape                                   JAX         XLA         Neuron
//	  0 {}       f32[16]{0} (f32[8]{0} per device)       output {0}  output {0}  donor
//	  why:
//	  0 {} JAX: may-alias: ...
func (t *Table) CompareText() string {
	var b strings.Builder
	b.WriteString("donations compared: " + strconv.Itoa(len(t.Compared)) + " (")
	for i, r := range Rules {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(r.Head + ": " + r.Pass)
	}
	b.WriteString(")\n")
	if len(t.Compared) == 0 {
		return b.String()
	}
	names := false
	for _, k := range t.Compared {
		names = names || k.Name != ""
	}
	c := columns{head: []string{"parameter", "name", "shape", Rules[0].Head, Rules[1].Head, Rules[2].Head},
		keep: []bool{true, names, true, true, true, true}}
	for _, k := range t.Compared {
		v := k.Verdicts()
		c.add(ParamLabel(k.Param, k.Index), Cut(k.Name, NameWidth), k.Shape, VerdictText(v[0]), VerdictText(v[1]), VerdictText(v[2]))
	}
	c.write(&b)
	b.WriteString("  why:\n")
	for _, k := range t.Compared {
		for i, v := range k.Verdicts() {
			b.WriteString("  " + ParamLabel(k.Param, k.Index) + " " + Rules[i].Head + ": " + v.Reason + "\n")
		}
	}
	return b.String()
}
