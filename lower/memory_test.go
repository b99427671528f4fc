package lower

import "testing"

// TestMemoryKinds: mhlo.memory_kind "pinned_host" and "unpinned_host" put
// an argument's or result's arrays, tuple elements included, in memory
// space 5; other values and none leave space 0; a layout left unresolved
// prints none.
func TestMemoryKinds(t *testing.T) {
	src := fn(`%a: tensor<4xf32> {mhlo.memory_kind = "pinned_host"}, %b: tensor<4xf32> {mhlo.memory_kind = "device"}, `+
		`%c: tuple<tensor<2xf32>, tensor<i32>> {mhlo.memory_kind = "unpinned_host"}, %d: tensor<4xf32> {mhlo.memory_kind = 5 : i32}, `+
		`%e: tensor<4xf32> {mhlo.memory_kind = "pinned_host", mhlo.layout_mode = "auto"}, %f: tensor<4xf32>`,
		`tensor<4xf32> {mhlo.memory_kind = "unpinned_host"}, tensor<4xf32>`)
	cfg, diags := lowerText(t, src, Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	want := []string{"f32[4]{0:S(5)}", "f32[4]{0}", "(f32[2]{0:S(5)}, s32[]{:S(5)})", "f32[4]{0}", "f32[4]", "f32[4]{0}"}
	for i, w := range want {
		if got := cfg.Params[i].StringWithLayout(); got != w {
			t.Errorf("parameter %d: %s, want %s", i, got, w)
		}
	}
	if got, w := cfg.Output().StringWithLayout(), "(f32[4]{0:S(5)}, f32[4]{0})"; got != w {
		t.Errorf("output %s, want %s", got, w)
	}
}
