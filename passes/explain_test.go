package passes

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// remarkText prints a remark compactly for the tables:
// "Passed add-may-aliases alias-added: MESSAGE | REASON | SUGGESTION".
func s8(dims ...int64) model.Shape { return model.Array(model.S8, dims...) }

func remarkText(r ast.Remark) string {
	s := fmt.Sprintf("%s %s %s: %s", r.Kind, r.Pass, r.Category, r.Message)
	if r.Reason != "" {
		s += " | " + r.Reason
	}
	if r.Suggestion != "" {
		s += " | " + r.Suggestion
	}
	return s
}

func runRemarks(t *testing.T, c *model.Config, ps ...*Pass) []string {
	t.Helper()
	var got []string
	err := Run(c, Of(ps...), RunOptions{VerifyEach: true, Remark: func(r ast.Remark) {
		if r.Category != CategoryMemory {
			got = append(got, remarkText(r))
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func TestRemarks(t *testing.T) {
	tests := []struct {
		name   string
		c      *model.Config
		passes []*Pass
		want   []string
	}{
		{"add: added, and taken by an earlier output",
			cfg(params(f32(4, 8)), tup(f32(4, 8), f32(4, 8))), []*Pass{AddMayAliases},
			[]string{
				"Passed add-may-aliases alias-added: output {0} f32[4,8]{1,0} may-aliased with parameter 0 at {}",
				"Missed add-may-aliases output-unaliased: output {1} f32[4,8]{1,0} has no alias | taken: parameter 0 f32[4,8]{1,0} was taken by output {0} earlier in this pass",
			}},
		{"add: taken before the pass",
			cfg(params(f32(4, 8)), tup(f32(4, 8), f32(4, 8)), must(ix(0), 0, nil)), []*Pass{AddMustAliases},
			[]string{
				"Missed add-must-aliases output-unaliased: output {1} f32[4,8]{1,0} has no alias | taken: parameter 0 f32[4,8]{1,0} is already aliased with output {0}",
			}},
		{"add: layout, lowest-numbered parameter",
			cfg(params(s32(4, 8), layout(f32(4, 8), 0, 1), unres(f32(4, 8))), f32(4, 8)), []*Pass{AddMayAliases},
			[]string{
				"Missed add-may-aliases output-unaliased: output {} f32[4,8]{1,0} has no alias | layout: parameter 1 is f32[4,8]{0,1} | give parameter 1 and output {} the same layout",
			}},
		{"add: unresolved layout",
			cfg(params(unres(f32(4, 8))), f32(4, 8)), []*Pass{AddMayAliases},
			[]string{
				"Missed add-may-aliases output-unaliased: output {} f32[4,8]{1,0} has no alias | layout: parameter 0 is f32[4,8] with an unresolved layout | give parameter 0 and output {} the same layout",
			}},
		{"add: element type before byte size",
			cfg(params(f32(32), s32(4, 8)), f32(4, 8)), []*Pass{AddMayAliases},
			[]string{
				"Missed add-may-aliases output-unaliased: output {} f32[4,8]{1,0} has no alias | element-type: parameter 1 is s32[4,8]{1,0}",
			}},
		{"add: byte size",
			cfg(params(f32(8), bf16(64)), f32(4, 8)), []*Pass{AddMayAliases},
			[]string{
				"Missed add-may-aliases output-unaliased: output {} f32[4,8]{1,0} has no alias | byte-size: parameter 1 bf16[64]{0} has the same byte size (128 bytes) but another shape; XLA's optimize_input_output_buffer_alias would pair them | donate parameter 1 and run xla-buffer-donation",
			}},
		{"add: none, tuples and tokens never explained",
			cfg(params(f32(8)), tup(f32(4, 8), tok(), tup())), []*Pass{AddMayAliases},
			[]string{
				"Missed add-may-aliases output-unaliased: output {0} f32[4,8]{1,0} has no alias | none: no parameter has this shape, these dimensions or this byte size",
			}},
		{"add: dynamic output has no byte-size class",
			cfg(params(f32(8)), dyn(f32(2), 0)), []*Pass{AddMayAliases},
			[]string{
				"Missed add-may-aliases output-unaliased: output {} f32[<=2]{0} has no alias | none: no parameter has this shape, these dimensions or this byte size",
			}},
		{"add consumes a donor",
			cfg(params(f32(4)), f32(4), donor(0, nil)), []*Pass{AddMustAliases},
			[]string{
				"Passed add-must-aliases alias-added: output {} f32[4]{0} must-aliased with parameter 0 at {}",
				"Passed add-must-aliases donor-consumed: donor parameter 0 at {} f32[4]{0} consumed by output {}",
			}},
		{"remove",
			cfg(params(f32(4)), tup(f32(4)), may(ix(0), 0, nil)), []*Pass{RemoveAliases},
			[]string{"Passed remove-aliases alias-removed: output {0} f32[4]{0} no longer may-aliased with parameter 0 at {}"}},
		{"flip: only changed kinds",
			cfg(params(f32(4), f32(4)), tup(f32(4), f32(4)), may(ix(0), 0, nil), must(ix(1), 1, nil)), []*Pass{FlipMayAliases},
			[]string{"Passed flip-may-aliases alias-rekinded: output {0} f32[4]{0} alias with parameter 0 at {} changed from may to must"}},
		{"donation: consumed, taken by an earlier donor, layout, none",
			cfg(params(f32(4), f32(4), layout(f32(2, 3), 0, 1), s8(7)), tup(f32(4), f32(2, 3)),
				donor(0, nil), donor(1, nil), donor(2, nil), donor(3, nil)), []*Pass{BufferDonationToAlias},
			[]string{
				"Passed aws_neuron_buffer_donation_to_alias alias-added: output {0} f32[4]{0} may-aliased with parameter 0 at {}",
				"Passed aws_neuron_buffer_donation_to_alias donor-consumed: donor parameter 0 at {} f32[4]{0} consumed by output {0}",
				"Missed aws_neuron_buffer_donation_to_alias donor-unused: donor parameter 1 at {} f32[4]{0} is not used by any output | taken: output {0} f32[4]{0} was taken by donor parameter 0 at {} earlier in this pass",
				"Missed aws_neuron_buffer_donation_to_alias donor-unused: donor parameter 2 at {} f32[2,3]{0,1} is not used by any output | layout: output {1} is f32[2,3]{1,0} | give parameter 2 and output {1} the same layout",
				"Missed aws_neuron_buffer_donation_to_alias donor-unused: donor parameter 3 at {} s8[7]{0} is not used by any output | none: no output has this shape, these dimensions or this byte size",
			}},
		{"donation: already aliased, element type, byte size",
			cfg(params(f32(4), f32(4), s32(2, 3), f32(6), f32(2)), tup(f32(4), f32(2, 3), bf16(4)),
				may(ix(0), 0, nil), donor(1, nil), donor(2, nil), donor(4, nil)), []*Pass{BufferDonationToAlias},
			[]string{
				"Missed aws_neuron_buffer_donation_to_alias donor-unused: donor parameter 1 at {} f32[4]{0} is not used by any output | taken: output {0} f32[4]{0} is already aliased with parameter 0 at {}",
				"Missed aws_neuron_buffer_donation_to_alias donor-unused: donor parameter 2 at {} s32[2,3]{1,0} is not used by any output | element-type: output {1} is f32[2,3]{1,0}",
				"Missed aws_neuron_buffer_donation_to_alias donor-unused: donor parameter 4 at {} f32[2]{0} is not used by any output | byte-size: output {2} bf16[4]{0} has the same byte size (8 bytes) but another shape; XLA's optimize_input_output_buffer_alias would pair them | run xla-buffer-donation",
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runRemarks(t, tt.c, tt.passes...)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("remarks:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestRemarkMemory checks the one Analysis remark after the last pass.
func TestRemarkMemory(t *testing.T) {
	c := cfg(params(f32(4), f32(4)), tup(f32(4), f32(4)), donor(1, nil))
	var got []ast.Remark
	if err := Run(c, Of(AddMayAliases, FlipMayAliases), RunOptions{Remark: func(r ast.Remark) { got = append(got, r) }}); err != nil {
		t.Fatal(err)
	}
	last := got[len(got)-1]
	want := "aliases: 2 (2 must, 0 may) share 32 B (must 32 B, may up to 0 B); donors: 0 unused, 0 B; outputs without alias: 0, 0 B; parameters: 2, 32 B; outputs: 2, 32 B"
	if last.Kind != ast.RemarkAnalysis || last.Category != CategoryMemory || last.Pass != "flip-may-aliases" || last.Message != want {
		t.Errorf("last remark = %+v", last)
	}
	for _, r := range got[:len(got)-1] {
		if r.Category == CategoryMemory {
			t.Errorf("more than one memory remark: %+v", r)
		}
	}
}

// TestRemarksDoNotChangeResults runs every pass with and without a remark
// sink over the property-test configs: the configs must come out equal.
func TestRemarksDoNotChangeResults(t *testing.T) {
	for _, p := range All {
		a, b := bigConfig(200), bigConfig(200)
		n := 0
		if err := Run(a, Of(p), RunOptions{}); err != nil {
			t.Fatal(err)
		}
		if err := Run(b, Of(p), RunOptions{Remark: func(ast.Remark) { n++ }}); err != nil {
			t.Fatal(err)
		}
		if a.LongString() != b.LongString() || n == 0 {
			t.Errorf("%s: remarks changed the result or made none (%d)", p.Name, n)
		}
	}
}

func f64(dims ...int64) model.Shape { return model.Array(model.F64, dims...) }

// TestRemarksXLADonation runs XLA's size-matching pass and checks its
// remarks. Donors by size, largest first: p5 56, p2 32, p0 16, p1 16,
// p3 12, p4 10, p7 8, p8 24 bytes; free outputs {4} 160, {2} 64, {0} 16,
// {1} 8, {3} 4; {5} (24 bytes) is aliased before the pass.
func TestRemarksXLADonation(t *testing.T) {
	c := cfg(params(f32(4), s32(4), f32(8), f32(3), bf16(5), f32(14), f64(3), f32(2), s32(6)),
		tup(f32(4), f32(2), s32(16), f32(1), f32(40), f64(3)),
		may(ix(5), 6, nil), donor(0, nil), donor(1, nil), donor(2, nil), donor(3, nil), donor(4, nil), donor(5, nil), donor(7, nil), donor(8, nil))
	got := runRemarks(t, c, OptimizeInputOutputBufferAlias)
	const pass = "optimize_input_output_buffer_alias"
	want := []string{
		"Passed " + pass + " alias-added: output {0} f32[4]{0} may-aliased with parameter 0 at {}",
		"Passed " + pass + " alias-added: output {1} f32[2]{0} may-aliased with parameter 7 at {}",
		"Passed " + pass + " donor-consumed: donor parameter 0 at {} f32[4]{0} consumed by output {0}",
		"Passed " + pass + " donor-consumed: donor parameter 7 at {} f32[2]{0} consumed by output {1}",
		"Missed " + pass + " donor-unused: donor parameter 1 at {} s32[4]{0} is not used by any output | taken: output {0} f32[4]{0} of the same byte size (16 bytes) was taken by donor parameter 0 at {} earlier in this pass",
		"Missed " + pass + " donor-unused: donor parameter 2 at {} f32[8]{0} is not used by any output | none: no output without an alias has 32 bytes in memory space 0; the nearest is output {0} f32[4]{0} with 16 bytes, taken by donor parameter 0 at {} earlier in this pass",
		"Missed " + pass + " donor-unused: donor parameter 3 at {} f32[3]{0} is not used by any output | none: no output without an alias has 12 bytes in memory space 0; the nearest is output {0} f32[4]{0} with 16 bytes, taken by donor parameter 0 at {} earlier in this pass",
		"Missed " + pass + " donor-unused: donor parameter 4 at {} bf16[5]{0} is not used by any output | none: no output without an alias has 10 bytes in memory space 0; the nearest is output {1} f32[2]{0} with 8 bytes, taken by donor parameter 7 at {} earlier in this pass",
		"Missed " + pass + " donor-unused: donor parameter 5 at {} f32[14]{0} is not used by any output | none: no output without an alias has 56 bytes in memory space 0; the nearest is output {2} s32[16]{0} with 64 bytes",
		"Missed " + pass + " donor-unused: donor parameter 8 at {} s32[6]{0} is not used by any output | taken: output {5} f64[3]{0} of the same byte size (24 bytes) is already aliased with parameter 6 at {}",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("remarks:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	dynamic := cfg(params(f32(4)), dyn(f32(4), 0), donor(0, nil))
	got = runRemarks(t, dynamic, OptimizeInputOutputBufferAlias)
	if len(got) != 1 || !strings.HasSuffix(got[0], "| none: the output shape is dynamic, and then the pass pairs nothing") {
		t.Errorf("dynamic output: %q", got)
	}
}

// TestRemarkFailure checks that a failing pass makes a Failure remark at
// its error and no memory remark.
func TestRemarkFailure(t *testing.T) {
	c := cfg(params(unres(f32(4))), f32(4), donor(0, nil))
	var got []string
	err := Run(c, Of(BufferDonationToAlias), RunOptions{Remark: func(r ast.Remark) { got = append(got, remarkText(r)) }})
	want := "Failure aws_neuron_buffer_donation_to_alias pass-failed: aws_neuron_buffer_donation_to_alias needs resolved layouts, but the layout of buffer donor parameter 0 at {} (f32[4]) is unresolved; --assume-default-layouts assumes XLA's default layout for every unresolved one"
	if err == nil || len(got) != 1 || got[0] != want {
		t.Errorf("err %v, remarks %q", err, got)
	}
}
