package passes

import (
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

func TestBufferDonationToAlias(t *testing.T) {
	p := BufferDonationToAlias
	runCases(t, []passCase{
		{name: "a donor becomes a may-alias and stops being a donor", pass: p,
			c:    cfg(params(f32(2, 3)), tup(f32(2, 3)), donor(0, ix())),
			want: "input_output_alias={ {0}: (0, {}, may-alias) }", changed: true},
		{name: "single array output", pass: p,
			c:    cfg(params(s32(), f32(8)), f32(8), donor(1, ix())),
			want: "input_output_alias={ {}: (1, {}, may-alias) }", changed: true},
		{name: "donors in (param, index) order", pass: p,
			c:    cfg(params(f32(2), f32(2)), tup(f32(2)), donor(1, ix()), donor(0, ix())),
			want: "input_output_alias={ {0}: (0, {}, may-alias) }, buffer_donor={ (1, {}) }", changed: true},
		{name: "each donor takes the next free output", pass: p,
			c:    cfg(params(f32(2), f32(2)), tup(f32(2), f32(2)), donor(0, ix()), donor(1, ix())),
			want: "input_output_alias={ {0}: (0, {}, may-alias), {1}: (1, {}, may-alias) }", changed: true},
		{name: "donors of tuple leaves", pass: p,
			c:    cfg(params(tup(f32(2), f32(3))), tup(f32(3), f32(2)), donor(0, ix(1)), donor(0, ix(0))),
			want: "input_output_alias={ {0}: (0, {1}, may-alias), {1}: (0, {0}, may-alias) }", changed: true},
		{name: "first match in pre-order", pass: p,
			c:    cfg(params(f32(2)), tup(tup(s32(2), f32(2)), f32(2)), donor(0, ix())),
			want: "input_output_alias={ {0,1}: (0, {}, may-alias) }", changed: true},
		{name: "aliased outputs are skipped", pass: p,
			c:    cfg(params(f32(2), f32(2)), tup(f32(2), f32(2)), must(ix(0), 1, ix()), donor(0, ix())),
			want: "input_output_alias={ {0}: (1, {}, must-alias), {1}: (0, {}, may-alias) }", changed: true},
		{name: "element type must be equal", pass: p,
			c:    cfg(params(s32(4)), tup(f32(4)), donor(0, ix())),
			want: "buffer_donor={ (0, {}) }", changed: false},
		{name: "dims must be equal", pass: p,
			c:    cfg(params(f32(3, 2)), tup(f32(2, 3)), donor(0, ix())),
			want: "buffer_donor={ (0, {}) }", changed: false},
		{name: "dynamic flags must be equal", pass: p,
			c:    cfg(params(dyn(f32(4), 0), f32(4)), tup(f32(4), dyn(f32(4), 0)), donor(0, ix()), donor(1, ix())),
			want: "input_output_alias={ {0}: (1, {}, may-alias), {1}: (0, {}, may-alias) }", changed: true},
		{name: "layout must be equal", pass: p,
			c:    cfg(params(layout(f32(2, 3), 0, 1)), tup(f32(2, 3), layout(f32(2, 3), 0, 1)), donor(0, ix())),
			want: "input_output_alias={ {1}: (0, {}, may-alias) }", changed: true},
		{name: "bf16 does not match f16 of the same size", pass: p,
			c:    cfg(params(bf16(4)), tup(model.Array(model.F16, 4)), donor(0, ix())),
			want: "buffer_donor={ (0, {}) }", changed: false},
		{name: "unmatched donors stay", pass: p,
			c:    cfg(params(f32(2), f32(2), s32(2)), tup(f32(2)), donor(0, ix()), donor(1, ix()), donor(2, ix())),
			want: "input_output_alias={ {0}: (0, {}, may-alias) }, buffer_donor={ (1, {}), (2, {}) }", changed: true},
		{name: "tuple and token outputs never match", pass: p,
			c:    cfg(params(tup(f32(2)), tok()), tup(tup(f32(2)), tok()), donor(0, ix(0))),
			want: "input_output_alias={ {0,0}: (0, {0}, may-alias) }", changed: true},
		{name: "no donors", pass: p,
			c:    cfg(params(f32(2)), tup(f32(2)), may(ix(0), 0, ix())),
			want: "input_output_alias={ {0}: (0, {}, may-alias) }", changed: false},
		{name: "unresolved layouts elsewhere are not checked", pass: p,
			c:    cfg(params(unres(f32(2)), f32(3), unres(f32(4))), tup(unres(f32(2)), f32(3)), may(ix(0), 0, ix()), donor(1, ix())),
			want: "input_output_alias={ {0}: (0, {}, may-alias), {1}: (1, {}, may-alias) }", changed: true},
		{name: "unresolved donor layout", pass: p,
			c:   cfg(params(f32(2), unres(f32(2, 3))), tup(f32(2, 3)), donor(0, ix()), donor(1, ix())),
			err: "<stdin>: error: aws_neuron_buffer_donation_to_alias needs resolved layouts, but the layout of buffer donor parameter 1 at {} (f32[2,3]) is unresolved; --assume-default-layouts assumes XLA's default layout for every unresolved one"},
		{name: "unresolved output layout", pass: p,
			c:   cfg(params(f32(2)), tup(f32(2), tup(unres(f32(3)))), donor(0, ix())),
			err: "<stdin>: error: aws_neuron_buffer_donation_to_alias needs resolved layouts, but the layout of output index {1,0} (f32[3]) is unresolved; --assume-default-layouts assumes XLA's default layout for every unresolved one"},
		{name: "unresolved output layout without donors", pass: p,
			c:   cfg(params(f32(2)), unres(f32(2))),
			err: "<stdin>: error: aws_neuron_buffer_donation_to_alias needs resolved layouts, but the layout of output index {} (f32[2]) is unresolved; --assume-default-layouts assumes XLA's default layout for every unresolved one"},
	})
}

// The layout errors point at the argument or result they name, and the
// config is left untouched: nothing is matched before the check.
func TestDonationLayoutErrorPosition(t *testing.T) {
	at := func(line int) model.Point {
		return model.PointOf(ast.Pos{Filename: "m.mlir", Line: line, Column: 3, Offset: 10 * line})
	}
	source := model.Source{
		Func:        ast.Pos{Filename: "m.mlir", Line: 1, Column: 1},
		Args:        []model.Point{at(2), at(3)},
		Results:     []model.Point{at(4), at(5)},
		ResultTuple: true,
	}
	tests := []struct {
		c    *model.Config
		want string
	}{
		{cfg(params(f32(2), unres(f32(3))), tup(f32(2), f32(3)), donor(0, ix()), donor(1, ix())),
			"m.mlir:3:3: error: aws_neuron_buffer_donation_to_alias needs resolved layouts, but the layout of buffer donor parameter 1 at {} (f32[3]) is unresolved; --assume-default-layouts assumes XLA's default layout for every unresolved one"},
		{cfg(params(f32(2), f32(3)), tup(f32(2), unres(f32(3))), donor(0, ix())),
			"m.mlir:5:3: error: aws_neuron_buffer_donation_to_alias needs resolved layouts, but the layout of output index {1} (f32[3]) is unresolved; --assume-default-layouts assumes XLA's default layout for every unresolved one"},
	}
	for _, tt := range tests {
		tt.c.Source = source
		before := tt.c.LongString()
		changed, err := BufferDonationToAlias.Run(tt.c, BufferDonationToAlias.Defaults())
		e, ok := err.(*ast.Error)
		if !ok || e.Error() != tt.want {
			t.Errorf("error %#v\nwant %s", err, tt.want)
		}
		if changed || tt.c.LongString() != before {
			t.Errorf("config changed before the layout check failed:\n%s", tt.c.LongString())
		}
		if errs, ok := Run(tt.c, Of(BufferDonationToAlias), RunOptions{VerifyEach: true}).(ast.ErrorList); !ok || len(errs) != 1 || errs[0].Error() != tt.want {
			t.Errorf("Run: %v", errs)
		}
	}
}
