package hlo

import (
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/edit"
	"github.com/mhlo-alias/mhlo-alias/model"
)

func TestIsHLO(t *testing.T) {
	for src, want := range map[string]bool{
		"HloModule m\n":                     true,
		"  \n// c\n/* b */ HloModule m":     true,
		"HloModule":                         true,
		"HloModules m":                      false,
		"module @m {}":                      false,
		"func.func @main() -> ()":           false,
		"/* HloModule */ module {}":         false,
		"// HloModule m\nmodule {}":         false,
		"x HloModule m":                     false,
		"/* unterminated HloModule":         false,
		"":                                  false,
		"\ufeffHloModule m":                 false,
		"HloModule.m":                       false,
		"\tHloModule\tm, is_scheduled=true": true,
	} {
		if got := IsHLO([]byte(src)); got != want {
			t.Errorf("IsHLO(%q) = %v, want %v", src, got, want)
		}
	}
	// The keyword is looked for in the first SniffBytes only.
	for _, n := range []int{SniffBytes - 100, SniffBytes + 100} {
		src := []byte("// " + strings.Repeat("c", n) + "\nHloModule m\n")
		if got, want := IsHLO(src), n < SniffBytes; got != want {
			t.Errorf("IsHLO after %d bytes of comment = %v, want %v", n, got, want)
		}
		if got, sure := SniffHLO(src); got != (n < SniffBytes) || !sure {
			t.Errorf("SniffHLO after %d bytes of comment = %v, %v", n, got, sure)
		}
	}
}

// TestShapeRoundTrip parses canonical shapes and prints them back with
// the model's StringWithLayout: XLA's printer and parser agree on them.
func TestShapeRoundTrip(t *testing.T) {
	for _, text := range []string{
		"f32[2,3]{1,0}",
		"f32[2,3]{0,1}",
		"pred[]",
		"token[]",
		"(f32[2]{0}, (s32[], u8[4]{0}))",
		"()",
		"f32[4,2,2]{0,2,1:T(2,128)}",
		"f32[]{:T(128)}",
		"bf16[4,128]{1,0:T(4,128)(2,1)}",
		"f32[8,512,64]{1,2,0:T(8,128)S(5)}",
		"s32[]{:S(5)}",
		"s4[1024]{0:T(1024)(128)(2,1)E(4)}",
		"u8[32,128]{1,0:T(8,128)(*,4)L(1024)#(u16)*(u32)E(8)S(1)SC(0:16,32)(1:8)M(8)}",
		"f32[<=16,?,3]{2,1,0}",
		"c128[2]{0}",
		"f8e4m3fn[16]{0}",
	} {
		n, err := parseSpan(&grammar.shape, []byte(text), ast.Span{Pos: ast.Pos{Line: 1, Column: 1}, End: ast.Pos{Offset: len(text)}})
		if err != nil {
			t.Errorf("%s: %v", text, err)
			continue
		}
		var s model.Shape
		if err := lowerShape(n, &s); err != nil {
			t.Errorf("%s: %v", text, err)
			continue
		}
		if got := s.StringWithLayout(); got != text {
			t.Errorf("%s prints back as %s", text, got)
		}
	}
}

// TestShapeDefaults checks what a shape without a layout gets, and that
// comments and spaces are white space.
func TestShapeDefaults(t *testing.T) {
	for text, want := range map[string]string{
		"f32[2,3]":                        "f32[2,3]{1,0}",
		"( f32[2] , /*index=1*/ s32[3] )": "(f32[2]{0}, s32[3]{0})",
		"f32[2, 3] {1, 0}":                "f32[2,3]{1,0}",
		"f32[8]{0:S(0)}":                  "f32[8]{0}",
		"f32[8]{0:L(1)}":                  "f32[8]{0}",
		"f32[8]{0:T(8)}":                  "f32[8]{0:T(8)}",
		"f32[] {:S(5)}":                   "f32[]{:S(5)}",
	} {
		n, err := parseSpan(&grammar.shape, []byte(text), ast.Span{Pos: ast.Pos{Line: 1, Column: 1}, End: ast.Pos{Offset: len(text)}})
		if err != nil {
			t.Errorf("%s: %v", text, err)
			continue
		}
		var s model.Shape
		if err := lowerShape(n, &s); err != nil {
			t.Errorf("%s: %v", text, err)
			continue
		}
		if got := s.StringWithLayout(); got != want {
			t.Errorf("%s reads as %s, want %s", text, got, want)
		}
	}
}

// TestEditsPositions checks where the attributes go, byte for byte.
func TestEditsPositions(t *testing.T) {
	const body = "\nENTRY main {\n  a = f32[2] parameter(0)\n  b = f32[2] parameter(1)\n  ROOT t = (f32[2], f32[2]) tuple(a, b)\n}\n"
	tests := []struct {
		header  string
		aliases [][2]int64 // output index, parameter
		donors  []int64
		want    string
	}{
		{"HloModule m", [][2]int64{{0, 0}}, nil, "HloModule m, input_output_alias={ {0}: (0, {}, may-alias) }"},
		{"HloModule m", nil, []int64{1}, "HloModule m, buffer_donor={ (1, {}) }"},
		{"HloModule m", [][2]int64{{1, 0}}, []int64{1}, "HloModule m, input_output_alias={ {1}: (0, {}, may-alias) }, buffer_donor={ (1, {}) }"},
		{"HloModule m, is_scheduled=true, replica_count=2", [][2]int64{{0, 1}}, nil, "HloModule m, is_scheduled=true, input_output_alias={ {0}: (1, {}, may-alias) }, replica_count=2"},
		{"HloModule m, input_output_alias={{0}: (0, {})}", nil, []int64{0}, "HloModule m, buffer_donor={ (0, {}) }"},
		{"HloModule m, input_output_alias={{0}: (0, {})}, buffer_donor={(1,{})}", nil, nil, "HloModule m"},
		{"HloModule m, buffer_donor={(1,{})}, input_output_alias={{0}: (0, {})}", [][2]int64{{0, 0}}, nil, "HloModule m, input_output_alias={{0}: (0, {})}"},
		{"HloModule m, buffer_donor={(1,{})}, input_output_alias={{0}: (0, {})}", [][2]int64{{1, 0}}, []int64{1}, "HloModule m, buffer_donor={(1,{})}, input_output_alias={ {1}: (0, {}, may-alias) }"},
		{"HloModule m,\n  input_output_alias={\n {0}: (0, {}) },\n  replica_count=1", nil, nil, "HloModule m,\n  replica_count=1"},
	}
	for _, tt := range tests {
		src := []byte(tt.header + body)
		f, err := ParseFile("t.hlo", src, Options{})
		if err != nil {
			t.Fatalf("%q: %v", tt.header, err)
		}
		cfg, errs := Lower(f, src)
		if errs.HasErrors() {
			t.Fatalf("%q: %v", tt.header, errs)
		}
		cfg.Aliases = model.NewAliasConfig(*cfg.Output())
		cfg.Donors = &model.DonorConfig{}
		for _, a := range tt.aliases {
			if err := cfg.Aliases.SetUpAlias(model.ShapeIndex{a[0]}, a[1], nil, model.MayAlias, model.Origin{}); err != nil {
				t.Fatal(err)
			}
		}
		for _, d := range tt.donors {
			cfg.Donors.AddBufferDonor(d, nil, model.Origin{})
		}
		edits, err := Edits(f, src, cfg)
		if err != nil {
			t.Fatal(err)
		}
		out, err := edit.Bytes(src, edits)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := strings.CutSuffix(string(out), body)
		if !ok || got != tt.want {
			t.Errorf("%q:\ngot  %q\nwant %q", tt.header, string(out), tt.want+body)
		}
	}
}

// TestSource checks that positions point at the parameter instructions
// and ROOT, for diagnostics and remarks.
func TestSource(t *testing.T) {
	src := []byte("HloModule m\nENTRY %main (a: f32[2], b: f32[2]) -> f32[2] {\n  %b = f32[2] parameter(1)\n  %a = f32[2] parameter(0)\n  ROOT %s = f32[2] add(%a, %b)\n}\n")
	f, err := ParseFile("t.hlo", src, Options{LineOffset: 10})
	if err != nil {
		t.Fatal(err)
	}
	cfg, errs := Lower(f, src)
	if errs.HasErrors() {
		t.Fatal(errs)
	}
	for _, c := range []struct {
		pos       ast.Pos
		line, col int
	}{
		{cfg.Source.Func, 12, 7},
		{cfg.ParamPos(0, nil), 14, 3},
		{cfg.ParamPos(1, nil), 13, 3},
		{cfg.OutputPos(nil), 15, 3},
	} {
		if c.pos.Line != c.line || c.pos.Column != c.col {
			t.Errorf("position %d:%d, want %d:%d", c.pos.Line, c.pos.Column, c.line, c.col)
		}
	}
}
