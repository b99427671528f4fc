package passes

import "testing"

func TestRemoveAliases(t *testing.T) {
	runCases(t, []passCase{
		{name: "clears every alias, keeps donors", pass: RemoveAliases,
			c: cfg(params(f32(2), f32(3), f32(4)), tup(f32(2), f32(3)),
				must(ix(0), 0, ix()), may(ix(1), 1, ix()), donor(2, ix())),
			want: "buffer_donor={ (2, {}) }", changed: true},
		{name: "tuple-leaf aliases", pass: RemoveAliases,
			c:    cfg(params(tup(f32(2), f32(3))), tup(f32(3), tup(f32(2))), may(ix(0), 0, ix(1)), must(ix(1, 0), 0, ix(0))),
			want: "", changed: true},
		{name: "nothing to remove", pass: RemoveAliases,
			c:    cfg(params(f32(2)), f32(2), donor(0, ix())),
			want: "buffer_donor={ (0, {}) }", changed: false},
		{name: "empty config", pass: RemoveAliases,
			c:    cfg(nil, tup()),
			want: "", changed: false},
	})
}

// The compiler's pass empties the output shape; ours keeps it, so that a
// later discovery pass can pair the same outputs again.
func TestRemoveAliasesKeepsShape(t *testing.T) {
	c := cfg(params(f32(2), s32(3)), tup(f32(2), s32(3)), must(ix(0), 0, ix()), may(ix(1), 1, ix()))
	if err := Run(c, Of(RemoveAliases), RunOptions{VerifyEach: true}); err != nil {
		t.Fatal(err)
	}
	want := "HloInputOutputAliasConfig\n  Output shape: (f32[2], s32[3])\nHloBufferDonorConfig\n"
	if got := c.LongString(); got != want {
		t.Errorf("after remove-aliases:\n%s\nwant:\n%s", got, want)
	}
	if err := Run(c, Of(AddMayAliases), RunOptions{VerifyEach: true}); err != nil {
		t.Fatal(err)
	}
	if got, want := short(c), "input_output_alias={ {0}: (0, {}, may-alias), {1}: (1, {}, may-alias) }"; got != want {
		t.Errorf("rediscovered %s, want %s", got, want)
	}
	if c.Output().String() != "(f32[2], s32[3])" {
		t.Errorf("output shape changed: %s", c.Output())
	}
}
