package hlo

import "testing"

func TestEarly(t *testing.T) {
	const withLayout = "HloModule m, entry_computation_layout={(f32[4]{0})->f32[4]{0}}, buffer_donor={ (0, {}) }\n\nENTRY main {\n  p0 = f32[4]{0} parameter(0)\n  ROOT n = f32[4]{0} negate(p0)\n}\n"
	var calls []*File
	f, err := ParseFile("m.hlo", []byte(withLayout), Options{Early: func(e *File) { calls = append(calls, e) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) != 1 || calls[0].Entry != nil || calls[0].Layout == nil || calls[0].Donors == nil {
		t.Fatalf("Early calls %v: want one with the header's values and no entry", calls)
	}
	if f.Layout != calls[0].Layout || f.Donors != calls[0].Donors {
		t.Error("ParseFile parsed the header's values again instead of keeping the early ones")
	}
	cfg, errs := LowerHeader(calls[0])
	full, ferrs := Lower(f, []byte(withLayout))
	if errs.HasErrors() || ferrs.HasErrors() || cfg.LongString() != full.LongString() {
		t.Errorf("LowerHeader and Lower disagree:\n%v%v\n%v%v", cfg, errs, full, ferrs)
	}

	calls = nil
	const noLayout = "HloModule m, buffer_donor={ (0, {}) }\n\nENTRY main {\n  p0 = f32[4]{0} parameter(0)\n  ROOT n = f32[4]{0} negate(p0)\n}\n"
	if _, err := ParseFile("m.hlo", []byte(noLayout), Options{Early: func(e *File) { calls = append(calls, e) }}); err != nil || len(calls) != 0 {
		t.Errorf("without entry_computation_layout: error %v, %d early calls; want none", err, len(calls))
	}
}
