package mhloalias

import (
	"bytes"
	"strings"
	"testing"
)

// TestBytePairEveryEncoding writes the pair XLA's donation pass makes by
// byte size alone (donor tensor<8x4xf32>, output tensor<32xf32>) in every
// encoding. mhlo.result_alias cannot state it (MHLO's verifier rejects
// the types): an error naming both sides and the encodings that can, and
// no output. Every other encoding writes it, and the written module reads
// back without an error (the tool applies the consumer's rules on input),
// echoes byte for byte, and states the same table.
func TestBytePairEveryEncoding(t *testing.T) {
	const mlir = `module {
  func.func @main(%arg0: tensor<8x4xf32> {jax.buffer_donor = true}) -> tensor<32xf32> {
    %0 = "test.op"(%arg0) : (tensor<8x4xf32>) -> tensor<32xf32>
    return %0 : tensor<32xf32>
  }
}
`
	const hloText = `HloModule pair, buffer_donor={ (0, {}) }, entry_computation_layout={(f32[8,4]{1,0})->f32[32]{0}}

ENTRY %main (p0: f32[8,4]) -> f32[32] {
  %p0 = f32[8,4]{1,0} parameter(0)
  ROOT %r = f32[32]{0} reshape(f32[8,4]{1,0} %p0)
}
`
	const table = "{}: (0, {}, may-alias)"
	donate := Options{Passes: "xla-buffer-donation"}

	o := donate
	o.Emit = "result-alias"
	out, err := Rewrite([]byte(mlir), o)
	want := `<stdin>:2:19: error: argument 0 ('tensor<8x4xf32>') is aliased with output index {} ('tensor<32xf32>'); mhlo.result_alias states only aliases of compatible types: use --emit=module or --emit=tf`
	if err == nil || err.Error() != want || out != nil {
		t.Errorf("--emit=result-alias: got output %q, error %v\nwant the error %s", out, err, want)
	}
	// The default encoding, with passes, is result-alias.
	if _, err := Rewrite([]byte(mlir), donate); err == nil || err.Error() != want {
		t.Errorf("default encoding: error %v, want %s", err, want)
	}

	for _, c := range []struct {
		emit, src, wrote string
	}{
		{"module", mlir, `module attributes {mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64>}]} {`},
		{"tf", mlir, `func.func @main(%arg0: tensor<8x4xf32> {tf.aliasing_output = 0 : i32}) -> tensor<32xf32> {`},
		{"", hloText, `HloModule pair, input_output_alias={ {}: (0, {}, may-alias) }, entry_computation_layout={(f32[8,4]{1,0})->f32[32]{0}}`},
	} {
		name := "--emit=" + c.emit
		if c.emit == "" {
			name = "HLO text"
		}
		o := donate
		o.Emit = c.emit
		out, err := Rewrite([]byte(c.src), o)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !strings.Contains(string(out), c.wrote) {
			t.Errorf("%s: the output lacks %q:\n%s", name, c.wrote, out)
		}
		again, err := Rewrite(out, Options{})
		if err != nil {
			t.Errorf("%s: the written module does not read back: %v\n%s", name, err, out)
			continue
		}
		if !bytes.Equal(again, out) {
			t.Errorf("%s: reading back changed the text:\n%s\nto\n%s", name, out, again)
		}
		cfg, err := ReadConfig(out, Options{})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got := cfg.Aliases.ShortString(); got != table || cfg.Donors.Len() != 0 {
			t.Errorf("%s: read back %s with %d donors, want %s and none", name, got, cfg.Donors.Len(), table)
		}
	}
}
