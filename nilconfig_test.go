package mhloalias_test

import (
	"strings"
	"testing"

	mhloalias "github.com/mhlo-alias/mhlo-alias"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// TestNilConfig checks that a failed module's nil Config gives errors or
// nothing, never a panic.
func TestNilConfig(t *testing.T) {
	res, err := mhloalias.Process("bad.mlir", []byte("module {\n  func.func @f()\n}\n"), mhloalias.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cfg := res.Modules[0].Config
	if cfg != nil {
		t.Fatalf("a failed module has a config")
	}
	for _, form := range mhloalias.ConfigForms {
		if _, err := mhloalias.FormatConfig(cfg, form); err == nil {
			t.Errorf("FormatConfig(nil, %q) gave no error", form)
		}
	}
	if errs := model.Verify(cfg); len(errs) == 0 {
		t.Errorf("Verify(nil) gave no error")
	}
	_ = cfg.LongString() + cfg.ShortString() + cfg.JSON()
	_, _ = cfg.ParamSubshape(0, nil)
	_ = cfg.ParamPos(0, nil)
	_ = cfg.OutputPos(nil)
	_ = cfg.Clone()
	_ = cfg.Output()
	_ = model.MemoryOf(cfg)
	if s := cfg.JSONRecord(`"ok": false, `, nil); s != "" {
		t.Errorf("JSONRecord of nil = %q", s)
	}
	if spaces := model.MemoryBySpace(cfg); len(spaces) != 0 {
		t.Errorf("MemoryBySpace(nil) = %v", spaces)
	}
	_ = model.SummaryOf(cfg) + model.OneLineOf(cfg)
	// The failed module's record says so, without a config.
	var b strings.Builder
	if err := res.WriteJSON(&b, mhloalias.JSONOptions{}); err != nil || !strings.HasPrefix(b.String(), `{"ok": false, "diagnostics": [{`) || strings.Contains(b.String(), "output_shape") {
		t.Errorf("record of a failed module: %v %s", err, b.String())
	}
}

// TestBytesName checks that errors in text given as bytes name the source
// Options.Name gives, and that a UsageError about an HLO module names it.
func TestBytesName(t *testing.T) {
	_, err := mhloalias.Rewrite([]byte("module {"), mhloalias.Options{Name: "model.mlir"})
	if err == nil || !strings.HasPrefix(err.Error(), "model.mlir:1:8: error:") {
		t.Errorf("Rewrite with Name: %v", err)
	}
	_, err = mhloalias.ReadConfig([]byte("module {"), mhloalias.Options{})
	if err == nil || !strings.HasPrefix(err.Error(), "<stdin>:1:8: error:") {
		t.Errorf("ReadConfig without Name: %v", err)
	}
	hlo := []byte("HloModule m\n\nENTRY %main (p: f32[2]) -> f32[2] {\n  ROOT %p = f32[2] parameter(0)\n}\n")
	for _, o := range []mhloalias.Options{{Emit: "module"}, {Emit: "module", Name: "m.hlo"}} {
		_, err = mhloalias.Rewrite(hlo, o)
		want := "(<stdin> is an HLO module)"
		if o.Name != "" {
			want = "(m.hlo is an HLO module)"
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Rewrite of HLO with %+v: %v, want %q", o, err, want)
		}
	}
}
