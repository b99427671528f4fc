package passes

import (
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// inSpace puts an array in memory space sp (5 is host memory).
func inSpace(s model.Shape, sp int64) model.Shape {
	s.SetMemorySpace(sp)
	return s
}

// tiled gives an array the tiles T(8,128).
func tiled(s model.Shape) model.Shape {
	s.SetAttrs(&model.LayoutAttrs{Tiles: []model.Tile{{8, 128}}})
	return s
}

// missedOf runs pipeline over c and returns the Missed remarks of pass
// p, each as "MESSAGE | REASON | SUGGESTION" (empty fields left out).
func missedOf(t *testing.T, c *model.Config, pipeline Pipeline, p *Pass) []string {
	t.Helper()
	var got []string
	err := Run(c, pipeline, RunOptions{VerifyEach: true, Remark: func(r ast.Remark) {
		if r.Kind != ast.RemarkMissed || r.Pass != p.Name {
			return
		}
		s := r.Message + " | " + r.Reason
		if r.Suggestion != "" {
			s += " | " + r.Suggestion
		}
		got = append(got, s)
	}})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// reasonCases are one config for each reason class (and the ways a
// layout can differ: order, tiles, memory space), with the Missed
// remarks of each pass run alone. In add, PASS stands for the add-* pass
// that ran. nil: the pass pairs everything (or has nothing to say).
var reasonCases = []struct {
	name             string
	c                func() *model.Config
	add, neuron, xla []string
}{
	{name: "taken: aliased before the pass",
		c: func() *model.Config {
			return cfg(params(f32(4)), tup(f32(4), f32(4)), may(ix(0), 0, nil))
		},
		add: []string{"output {1} f32[4]{0} has no alias | taken: parameter 0 f32[4]{0} is already aliased with output {0}"},
		// No donor: nothing for the donation passes to say.
	},
	{name: "taken: aliased before the pass, no free output",
		c: func() *model.Config {
			return cfg(params(f32(4), f32(4)), tup(f32(4)), may(ix(0), 1, nil), donor(0, nil))
		},
		neuron: []string{"donor parameter 0 at {} f32[4]{0} is not used by any output | taken: output {0} f32[4]{0} is already aliased with parameter 1 at {}"},
		xla:    []string{"donor parameter 0 at {} f32[4]{0} is not used by any output | taken: output {0} f32[4]{0} of the same byte size (16 bytes) is already aliased with parameter 1 at {}"},
	},
	{name: "taken: earlier in this pass",
		c: func() *model.Config {
			return cfg(params(f32(4), f32(4)), tup(f32(4)), donor(0, nil), donor(1, nil))
		},
		// add-* pairs output {0} with parameter 0, and the outputs are done.
		neuron: []string{"donor parameter 1 at {} f32[4]{0} is not used by any output | taken: output {0} f32[4]{0} was taken by donor parameter 0 at {} earlier in this pass"},
		xla:    []string{"donor parameter 1 at {} f32[4]{0} is not used by any output | taken: output {0} f32[4]{0} of the same byte size (16 bytes) was taken by donor parameter 0 at {} earlier in this pass"},
	},
	{name: "taken: earlier in this pass, add-*",
		c: func() *model.Config {
			return cfg(params(f32(4)), tup(f32(4), f32(4)), donor(0, nil))
		},
		add: []string{"output {1} f32[4]{0} has no alias | taken: parameter 0 f32[4]{0} was taken by output {0} earlier in this pass"},
	},
	{name: "layout: minor-to-major",
		c: func() *model.Config {
			return cfg(params(layout(f32(2, 3), 0, 1)), f32(2, 3), donor(0, nil))
		},
		add:    []string{"output {} f32[2,3]{1,0} has no alias | layout: parameter 0 is f32[2,3]{0,1} | give parameter 0 and output {} the same layout"},
		neuron: []string{"donor parameter 0 at {} f32[2,3]{0,1} is not used by any output | layout: output {} is f32[2,3]{1,0} | give parameter 0 and output {} the same layout"},
		// XLA's pass pairs by byte size, whatever the layout.
	},
	{name: "layout: tiles",
		c: func() *model.Config {
			return cfg(params(tiled(f32(8, 128))), f32(8, 128), donor(0, nil))
		},
		add:    []string{"output {} f32[8,128]{1,0} has no alias | layout: parameter 0 is f32[8,128]{1,0:T(8,128)} | give parameter 0 and output {} the same layout"},
		neuron: []string{"donor parameter 0 at {} f32[8,128]{1,0:T(8,128)} is not used by any output | layout: output {} is f32[8,128]{1,0} | give parameter 0 and output {} the same layout"},
	},
	{name: "layout: memory space (a pinned_host donor)",
		c: func() *model.Config {
			return cfg(params(inSpace(f32(16), 5)), f32(16), donor(0, nil))
		},
		add:    []string{"output {} f32[16]{0} has no alias | layout: parameter 0 f32[16]{0:S(5)} is in memory space 5 and the output in memory space 0; PASS pairs only equal shapes, memory space included | give parameter 0 and output {} the same memory space"},
		neuron: []string{"donor parameter 0 at {} f32[16]{0:S(5)} is not used by any output | layout: output {} f32[16]{0} is in memory space 0 and the donor in memory space 5; aws_neuron_buffer_donation_to_alias pairs only equal shapes, memory space included | give parameter 0 and output {} the same memory space"},
		xla:    []string{"donor parameter 0 at {} f32[16]{0:S(5)} is not used by any output | none: no output without an alias has 64 bytes in memory space 5; output {} f32[16]{0} has 64 bytes but is in memory space 0, and optimize_input_output_buffer_alias pairs only within a memory space | give parameter 0 and output {} the same memory space"},
	},
	{name: "layout: memory space and order",
		c: func() *model.Config {
			return cfg(params(inSpace(layout(f32(2, 3), 0, 1), 5)), tup(f32(2, 3)), donor(0, nil))
		},
		add:    []string{"output {0} f32[2,3]{1,0} has no alias | layout: parameter 0 f32[2,3]{0,1:S(5)} is in memory space 5 and the output in memory space 0; PASS pairs only equal shapes, memory space included | give parameter 0 and output {0} the same layout and memory space"},
		neuron: []string{"donor parameter 0 at {} f32[2,3]{0,1:S(5)} is not used by any output | layout: output {0} f32[2,3]{1,0} is in memory space 0 and the donor in memory space 5; aws_neuron_buffer_donation_to_alias pairs only equal shapes, memory space included | give parameter 0 and output {0} the same layout and memory space"},
		xla:    []string{"donor parameter 0 at {} f32[2,3]{0,1:S(5)} is not used by any output | none: no output without an alias has 24 bytes in memory space 5; output {0} f32[2,3]{1,0} has 24 bytes but is in memory space 0, and optimize_input_output_buffer_alias pairs only within a memory space | give parameter 0 and output {0} the same memory space"},
	},
	{name: "element-type",
		c: func() *model.Config {
			return cfg(params(s32(2, 3)), f32(2, 3), donor(0, nil))
		},
		add:    []string{"output {} f32[2,3]{1,0} has no alias | element-type: parameter 0 is s32[2,3]{1,0}"},
		neuron: []string{"donor parameter 0 at {} s32[2,3]{1,0} is not used by any output | element-type: output {} is f32[2,3]{1,0}"},
	},
	{name: "byte-size: a donor",
		c: func() *model.Config {
			return cfg(params(f32(8)), bf16(16), donor(0, nil))
		},
		add:    []string{"output {} bf16[16]{0} has no alias | byte-size: parameter 0 f32[8]{0} has the same byte size (32 bytes) but another shape; XLA's optimize_input_output_buffer_alias would pair them | run xla-buffer-donation"},
		neuron: []string{"donor parameter 0 at {} f32[8]{0} is not used by any output | byte-size: output {} bf16[16]{0} has the same byte size (32 bytes) but another shape; XLA's optimize_input_output_buffer_alias would pair them | run xla-buffer-donation"},
	},
	{name: "byte-size: not a donor",
		c: func() *model.Config {
			return cfg(params(f32(8)), bf16(16))
		},
		add: []string{"output {} bf16[16]{0} has no alias | byte-size: parameter 0 f32[8]{0} has the same byte size (32 bytes) but another shape; XLA's optimize_input_output_buffer_alias would pair them | donate parameter 0 and run xla-buffer-donation"},
	},
	{name: "byte-size: a dynamic output, which XLA's pass does not pair",
		c: func() *model.Config {
			return cfg(params(f32(8)), tup(bf16(16), dyn(f32(4), 0)), donor(0, nil))
		},
		add: []string{
			"output {0} bf16[16]{0} has no alias | byte-size: parameter 0 f32[8]{0} has the same byte size (32 bytes) but another shape; XLA's optimize_input_output_buffer_alias would not pair them either, as the output shape is dynamic",
			"output {1} f32[<=4]{0} has no alias | none: no parameter has this shape, these dimensions or this byte size",
		},
		neuron: []string{"donor parameter 0 at {} f32[8]{0} is not used by any output | byte-size: output {0} bf16[16]{0} has the same byte size (32 bytes) but another shape; XLA's optimize_input_output_buffer_alias would not pair them either, as the output shape is dynamic"},
		xla:    []string{"donor parameter 0 at {} f32[8]{0} is not used by any output | none: the output shape is dynamic, and then the pass pairs nothing"},
	},
	{name: "dynamic output of the donor's very shape",
		c: func() *model.Config {
			return cfg(params(dyn(f32(4), 0)), dyn(f32(4), 0), donor(0, nil))
		},
		xla: []string{"donor parameter 0 at {} f32[<=4]{0} is not used by any output | none: the output shape is dynamic, and then the pass pairs nothing | run buffer-donation-to-alias, which would pair it with output {} of its very shape"},
	},
	{name: "none: the byte size in another memory space only",
		c: func() *model.Config {
			return cfg(params(inSpace(f32(8), 5)), bf16(16), donor(0, nil))
		},
		add:    []string{"output {} bf16[16]{0} has no alias | none: no parameter has this shape, these dimensions or this byte size"},
		neuron: []string{"donor parameter 0 at {} f32[8]{0:S(5)} is not used by any output | none: no output has this shape, these dimensions or this byte size"},
		xla:    []string{"donor parameter 0 at {} f32[8]{0:S(5)} is not used by any output | none: no output without an alias has 32 bytes in memory space 5; output {} bf16[16]{0} has 32 bytes but is in memory space 0, and optimize_input_output_buffer_alias pairs only within a memory space | give parameter 0 and output {} the same memory space"},
	},
	{name: "none",
		c: func() *model.Config {
			return cfg(params(f64(7)), f32(3), donor(0, nil))
		},
		add:    []string{"output {} f32[3]{0} has no alias | none: no parameter has this shape, these dimensions or this byte size"},
		neuron: []string{"donor parameter 0 at {} f64[7]{0} is not used by any output | none: no output has this shape, these dimensions or this byte size"},
		xla:    []string{"donor parameter 0 at {} f64[7]{0} is not used by any output | none: no output without an alias has 56 bytes in memory space 0; the nearest is output {} f32[3]{0} with 12 bytes"},
	},
}

// TestReasonsByPass checks, for each reason class and each pass that
// explains what it left (add-must-aliases, add-may-aliases,
// buffer-donation-to-alias, xla-buffer-donation), the Missed remarks of
// that pass run alone: the reason is that pass's own, and no Suggestion
// names it.
func TestReasonsByPass(t *testing.T) {
	for _, tc := range reasonCases {
		for _, col := range []struct {
			pass *Pass
			want []string
		}{
			{AddMustAliases, tc.add}, {AddMayAliases, tc.add},
			{BufferDonationToAlias, tc.neuron}, {OptimizeInputOutputBufferAlias, tc.xla},
		} {
			p := col.pass
			t.Run(tc.name+"/"+p.Name, func(t *testing.T) {
				got := missedOf(t, tc.c(), Of(p), p)
				want := make([]string, len(col.want))
				for i, w := range col.want {
					want[i] = strings.ReplaceAll(w, "PASS", p.Name)
				}
				if strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Errorf("remarks:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
			})
		}
	}
}

// TestSuggestionsNameNoPassOfThePipeline runs every config of
// reasonCases through every pipeline of one or two explaining passes: no
// Suggestion of any remark may name a pass of the pipeline, by its name
// or its alias.
func TestSuggestionsNameNoPassOfThePipeline(t *testing.T) {
	explaining := []*Pass{AddMustAliases, AddMayAliases, BufferDonationToAlias, OptimizeInputOutputBufferAlias}
	var pipelines []Pipeline
	for _, a := range explaining {
		pipelines = append(pipelines, Of(a))
		for _, b := range explaining {
			pipelines = append(pipelines, Of(a, b))
		}
	}
	for _, tc := range reasonCases {
		for _, pl := range pipelines {
			var names []string
			for _, st := range pl {
				names = append(names, st.Pass.Name, st.Pass.Alias)
			}
			var unused []UnusedDonor
			err := Run(tc.c(), pl, RunOptions{UnusedDonors: &unused, Remark: func(r ast.Remark) {
				for _, n := range names {
					if n != "" && strings.Contains(r.Suggestion, n) {
						t.Errorf("%s, %v: %s suggests %q", tc.name, names, r.Pass, r.Suggestion)
					}
				}
			}})
			if err != nil {
				t.Fatal(err)
			}
			for _, u := range unused {
				for _, n := range names {
					if n != "" && strings.Contains(u.Remark.Suggestion, n) {
						t.Errorf("%s, %v: unused donor suggests %q", tc.name, names, u.Remark.Suggestion)
					}
				}
			}
		}
	}
}

// TestSuggestionsInAPipeline checks what a Suggestion says when the pass
// it would name is in the pipeline, before or after the one explaining.
func TestSuggestionsInAPipeline(t *testing.T) {
	byteSize := func() *model.Config { return cfg(params(f32(8)), bf16(16), donor(0, nil)) }
	notDonated := func() *model.Config { return cfg(params(f32(8)), bf16(16)) }
	dynamic := func() *model.Config { return cfg(params(dyn(f32(4), 0)), dyn(f32(4), 0), donor(0, nil)) }
	const sized = "byte-size: output {} bf16[16]{0} has the same byte size (32 bytes) but another shape; XLA's optimize_input_output_buffer_alias would pair them"
	const addSized = "byte-size: parameter 0 f32[8]{0} has the same byte size (32 bytes) but another shape; XLA's optimize_input_output_buffer_alias would pair them"
	tests := []struct {
		name     string
		c        func() *model.Config
		pipeline Pipeline
		p        *Pass
		want     string
	}{
		{"XLA's pass after Neuron's: no suggestion", byteSize, Of(BufferDonationToAlias, OptimizeInputOutputBufferAlias), BufferDonationToAlias,
			"donor parameter 0 at {} f32[8]{0} is not used by any output | " + sized},
		{"XLA's pass after add-*: only the donation", notDonated, Of(AddMayAliases, OptimizeInputOutputBufferAlias), AddMayAliases,
			"output {} bf16[16]{0} has no alias | " + addSized + " | donate parameter 0"},
		{"XLA's pass with every parameter a donor: nothing to do", notDonated,
			Pipeline{{Pass: AddMayAliases}, {Pass: OptimizeInputOutputBufferAlias, Options: map[string]string{OptRegisteredDonorsOnly: "false"}}}, AddMayAliases,
			"output {} bf16[16]{0} has no alias | " + addSized},
		{"a donor, XLA's pass before add-*", byteSize, Of(OptimizeInputOutputBufferAlias, AddMustAliases), AddMustAliases, ""},
		{"Neuron's pass after XLA's on a dynamic output: no suggestion", dynamic, Of(OptimizeInputOutputBufferAlias, BufferDonationToAlias), OptimizeInputOutputBufferAlias,
			"donor parameter 0 at {} f32[<=4]{0} is not used by any output | none: the output shape is dynamic, and then the pass pairs nothing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := strings.Join(missedOf(t, tt.c(), tt.pipeline, tt.p), "\n")
			if got != tt.want {
				t.Errorf("remarks:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

// TestUnusedDonorsMemorySpace checks the reason given for a donor when
// no donation pass ran: a pinned_host donor beside an output of its
// shape in device memory is not free, as buffer-donation-to-alias would
// not pair them.
func TestUnusedDonorsMemorySpace(t *testing.T) {
	for _, tc := range []struct {
		c    *model.Config
		want string
	}{
		{cfg(params(inSpace(f32(16), 5)), f32(16), donor(0, nil)),
			"layout: output {} f32[16]{0} is in memory space 0 and the donor in memory space 5; aws_neuron_buffer_donation_to_alias pairs only equal shapes, memory space included | give parameter 0 and output {} the same memory space"},
		{cfg(params(inSpace(f32(16), 5)), inSpace(f32(16), 5), donor(0, nil)),
			"free: output {} f32[16]{0:S(5)} has its shape and no alias; no donation pass has paired them | run buffer-donation-to-alias"},
		{cfg(params(tiled(f32(8, 128))), f32(8, 128), donor(0, nil)),
			"layout: output {} is f32[8,128]{1,0} | give parameter 0 and output {} the same layout"},
	} {
		var unused []UnusedDonor
		if err := Run(tc.c, nil, RunOptions{UnusedDonors: &unused}); err != nil {
			t.Fatal(err)
		}
		got := ""
		if len(unused) == 1 {
			got = unused[0].Remark.Reason
			if s := unused[0].Remark.Suggestion; s != "" {
				got += " | " + s
			}
		}
		if got != tc.want {
			t.Errorf("got  %q\nwant %q", got, tc.want)
		}
	}
}
