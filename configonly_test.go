package mhloalias

import (
	"strings"
	"testing"
)

// TestConfigOnlyIgnoresEncodingLimits checks that reading the config of a
// pipeline whose aliases mhlo.result_alias cannot state succeeds, while
// writing the module in that encoding fails naming the encodings that can.
func TestConfigOnlyIgnoresEncodingLimits(t *testing.T) {
	src := []byte(`func.func @main(%arg0: tensor<8x4xf32> {jax.buffer_donor = true}) -> tensor<32xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8x4xf32>) -> tensor<32xf32>
  return %0 : tensor<32xf32>
}
`)
	o := Options{Passes: "xla-buffer-donation"}
	cfg, err := ReadConfig(src, o)
	if err != nil {
		t.Fatalf("ReadConfig: %v", err)
	}
	if got := strings.TrimSpace(cfg.ShortString()); got != "input_output_alias={ {}: (0, {}, may-alias) }" {
		t.Errorf("ReadConfig: %s", got)
	}
	if _, err := Rewrite(src, o); err == nil || !strings.Contains(err.Error(), "--emit=module") {
		t.Errorf("Rewrite: %v; want the result-alias error naming --emit=module", err)
	}
	o.Emit = "tf"
	if _, err := Rewrite(src, o); err != nil {
		t.Errorf("Rewrite --emit=tf: %v", err)
	}
}
