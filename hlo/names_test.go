package hlo

import (
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// TestNames reads the names of the entry's parameters, in the order of
// precedence, and of its outputs from neff_output_names.
func TestNames(t *testing.T) {
	src := `HloModule m, entry_computation_layout={(f32[4]{0}, f32[4]{0}, f32[4]{0}, f32[4]{0}, f32[4]{0})->(f32[4]{0}, f32[4]{0}, f32[4]{0})}

ENTRY %main.9 (p0.1: f32[4], p1.2: f32[4], Arg_2.3: f32[4], p3: f32[4], p4: f32[4]) -> (f32[4], f32[4], f32[4]) {
  %p0.1 = f32[4]{0} parameter(0), frontend_attributes={neff_input_names="input0"}, metadata={op_type="xla__device_data" op_name="xla__device_data" source_file="/a/m.py" source_line=44}
  %p1.2 = f32[4]{0} parameter(1), metadata={op_type="xla__device_data" op_name="xla__device_data" source_file="/a/m.py" source_line=44}
  %Arg_2.3 = f32[4]{0} parameter(2), metadata={op_name="params['w']\n\"q\"" stack_frame_id=5}
  p3 = f32[4]{0} parameter(3), frontend_attributes={_xla_stream_annotation="2", "neff_input_names"="in\x33"}
  p4 = f32[4]{0} parameter(4), sharding={replicated}, metadata={source_file="x.py"}, frontend_attributes={neff_output_names="not,this"}
  ROOT %tuple.30 = (f32[4]{0}, f32[4]{0}, f32[4]{0}) tuple(%p0.1, %p1.2, %Arg_2.3), frontend_attributes={neff_output_names="output0,,output2,output3"}
}
`
	f, err := ParseFile("t.hlo", []byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	cfg, errs := Lower(f, []byte(src))
	if errs.HasErrors() {
		t.Fatal(errs)
	}
	for _, tt := range []struct{ got, want string }{
		{cfg.ParamLabel(0, nil), `parameter 0 "input0"`},
		{cfg.ParamLabel(1, nil), `parameter 1 "p1.2"`}, // op_name with op_type names an operation
		{cfg.ParamLabel(2, nil), `parameter 2 "params['w']\n\"q\""`},
		{cfg.ParamLabel(3, nil), `parameter 3 "in3"`},
		{cfg.ParamLabel(4, nil), `parameter 4 "p4"`},
		{cfg.OutputLabel(model.ShapeIndex{0}), `output {0} "output0"`},
		{cfg.OutputLabel(model.ShapeIndex{1}), `output {1}`},
		{cfg.OutputLabel(model.ShapeIndex{2}), `output {2} "output2"`},
		{cfg.OutputLabel(nil), `output {}`},
	} {
		if tt.got != tt.want {
			t.Errorf("got %s, want %s", tt.got, tt.want)
		}
	}
}

// TestOutputNameNotTuple names an output that is not a tuple, and the
// last instruction when no ROOT is marked.
func TestOutputNameNotTuple(t *testing.T) {
	src := "HloModule m\nENTRY e {\n  a = f32[4] parameter(0)\n  n = f32[4] negate(a), frontend_attributes={neff_output_names=\"output0\"}\n}\n"
	f, err := ParseFile("t.hlo", []byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	cfg, errs := Lower(f, []byte(src))
	if errs.HasErrors() {
		t.Fatal(errs)
	}
	if got := cfg.OutputLabel(nil); got != `output {} "output0"` {
		t.Errorf("got %s", got)
	}
}

// TestHugeInstructionName names a parameter by a megabyte-long
// instruction name: kept as its beginning.
func TestHugeInstructionName(t *testing.T) {
	name := "p" + strings.Repeat("x", 1<<20)
	src := "HloModule m\nENTRY e {\n  ROOT " + name + " = f32[4] parameter(0)\n}\n"
	f, err := ParseFile("t.hlo", []byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	cfg, errs := Lower(f, []byte(src))
	if errs.HasErrors() {
		t.Fatal(errs)
	}
	n := cfg.ParamName(0, nil)
	if !n.Long() || len(n.String()) != model.NameKeep || !strings.HasSuffix(n.Quoted(), `..."`) {
		t.Errorf("name of %d bytes, long %v", len(n.String()), n.Long())
	}
}
