package mhloalias

import (
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/remarks"
)

// TestAssumeDefaultLayouts checks the way past an unresolved layout: the
// donation passes fail naming the option, and with it they pair as if
// XLA's default layouts were written, with one remark per assumption.
func TestAssumeDefaultLayouts(t *testing.T) {
	src := []byte(`func.func @main(%arg0: tensor<4x8xf32> {jax.buffer_donor = true, mhlo.layout_mode = "auto"}) -> (tensor<4x8xf32> {mhlo.layout_mode = "auto"}) {
  return %arg0 : tensor<4x8xf32>
}
`)
	for _, pass := range []string{"buffer-donation-to-alias", "xla-buffer-donation"} {
		_, err := Rewrite(src, Options{Passes: pass})
		if err == nil || !strings.Contains(err.Error(), "--assume-default-layouts") {
			t.Errorf("%s without the option: %v; want an error naming --assume-default-layouts", pass, err)
		}
		o := Options{Passes: pass, AssumeDefaultLayouts: true}
		o.Remarks = remarks.FilterOptions{All: "layout-assumed"}
		r, err := Process("m.mlir", src, o)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Err(); err != nil {
			t.Fatalf("%s with the option: %v", pass, err)
		}
		m := r.Modules[0]
		if got := strings.TrimSpace(m.Config.ShortString()); got != "input_output_alias={ {}: (0, {}, may-alias) }" {
			t.Errorf("%s with the option: %s", pass, got)
		}
		if len(m.Remarks) != 2 {
			t.Errorf("%s: %d remarks, want one per assumption (2): %v", pass, len(m.Remarks), m.Remarks)
		}
	}
}
