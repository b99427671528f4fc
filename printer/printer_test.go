package printer_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/edit"
	"github.com/mhlo-alias/mhlo-alias/lower"
	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/parser"
	"github.com/mhlo-alias/mhlo-alias/printer"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// load parses and lowers a module.
func load(t testing.TB, name string, src []byte, opts lower.Options) (*ast.File, *model.Config) {
	t.Helper()
	f, err := parser.ParseFile(name, src, parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cfg, diags := lower.Lower(f, src, opts)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return f, cfg
}

// Changes to a config, standing in for the passes (which this package
// must not depend on).
var transforms = map[string]func(c *model.Config){
	"none": func(*model.Config) {},
	"remove": func(c *model.Config) {
		c.Aliases = model.NewAliasConfig(*c.Output())
	},
	"must": func(c *model.Config) { restamp(c, model.MustAlias) },
	"may":  func(c *model.Config) { restamp(c, model.MayAlias) },
	"nodonors": func(c *model.Config) {
		c.Donors = &model.DonorConfig{}
	},
	"donate": func(c *model.Config) {
		// Turn every donor into a may-alias of the first free output of
		// the same shape, as buffer-donation-to-alias would.
		for _, d := range c.Donors.Donors() {
			in, _ := c.ParamSubshape(d.ParamNumber, d.ParamIndex)
			c.Output().ForEachSubshape(func(out model.ShapeIndex, s *model.Shape) {
				if c.Donors.ParameterIsBufferDonor(d.ParamNumber, d.ParamIndex) && s.IsArray() &&
					!c.Aliases.OutputHasAlias(out) && model.Equal(in, s) {
					_ = c.Aliases.SetUpAlias(out.Clone(), d.ParamNumber, d.ParamIndex, model.MayAlias, model.Origin{})
					c.Donors.RemoveBufferDonor(d.ParamNumber, d.ParamIndex)
				}
			})
		}
	},
}

func restamp(c *model.Config, kind model.AliasKind) {
	fresh := model.NewAliasConfig(*c.Output())
	c.Aliases.ForEachAlias(func(out model.ShapeIndex, a model.Alias) {
		_ = fresh.SetUpAlias(out, a.ParamNumber, a.ParamIndex, kind, a.Origin)
	})
	c.Aliases = fresh
}

type goldenCase struct {
	example   string
	transform string
	emit      string
	opts      lower.Options
}

func (c goldenCase) name() string {
	return strings.Join([]string{c.example, c.transform, c.emit}, "-")
}

var goldenCases = []goldenCase{
	{"jax_donation", "none", "result-alias", lower.Options{}},
	{"jax_donation", "none", "module", lower.Options{}},
	{"jax_donation", "must", "result-alias", lower.Options{}},
	{"jax_donation", "donate", "tf", lower.Options{}},
	{"jax_donation", "remove", "tf", lower.Options{}},
	{"jax_single_result", "none", "module", lower.Options{}},
	{"xla_imported", "none", "result-alias", lower.Options{}},
	{"xla_imported", "remove", "result-alias", lower.Options{}},
	{"xla_imported", "may", "tf", lower.Options{}},
	{"neuron_tuple", "none", "module", lower.Options{}},
	{"neuron_tuple", "must", "result-alias", lower.Options{}},
	{"generic_form", "none", "module", lower.Options{}},
	{"generic_form", "remove", "result-alias", lower.Options{}},
	{"generic_form", "donate", "result-alias", lower.Options{}},
	{"generic_form", "may", "tf", lower.Options{}},
	{"generic_form", "nodonors", "module", lower.Options{}},
	{"use_tuple_args", "none", "result-alias", lower.Options{UseTupleArgs: true}},
	{"use_tuple_args", "donate", "module", lower.Options{UseTupleArgs: true}},
	{"return_tuple", "may", "tf", lower.Options{ReturnTuple: true}},
	{"alias_defs", "none", "module", lower.Options{}},
	{"alias_defs", "remove", "result-alias", lower.Options{}},
	{"both_encodings", "none", "result-alias", lower.Options{}},
	{"both_encodings", "must", "module", lower.Options{}},
	{"donor_false", "none", "result-alias", lower.Options{}},
	{"donor_false", "nodonors", "result-alias", lower.Options{}},
	{"bare_functions", "remove", "result-alias", lower.Options{}},
	{"dynamic_bounds", "may", "module", lower.Options{}},
	{"layout_modes", "must", "result-alias", lower.Options{}},
}

// TestGolden writes each example's config, changed, in each encoding, and
// compares the text with a golden file. The output must parse again to
// the same config, and writing that config again must change nothing.
func TestGolden(t *testing.T) {
	for _, tc := range goldenCases {
		t.Run(tc.name(), func(t *testing.T) {
			path := filepath.Join("..", "testdata", "examples", tc.example+".mlir")
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			f, cfg := load(t, tc.example+".mlir", src, tc.opts)
			transforms[tc.transform](cfg)
			emit, _ := printer.ParseEmit(tc.emit)
			edits, err := printer.Edits(f, src, cfg, emit)
			if err != nil {
				t.Fatal(err)
			}
			out, err := edit.Bytes(src, edits)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, filepath.Join("testdata", tc.name()+".golden"), out)

			f2, cfg2 := load(t, "out.mlir", out, tc.opts)
			if got, want := cfg2.ShortString(), cfg.ShortString(); got != want {
				t.Errorf("re-parsed config differs:\n got %s\nwant %s", got, want)
			}
			again, err := printer.Edits(f2, out, cfg2, emit)
			if err != nil || len(again) != 0 {
				t.Errorf("writing the output again must change nothing: %v %+v", err, again)
			}
		})
	}
}

func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(got) != string(want) {
		t.Errorf("output differs from %s:\n%s", path, got)
	}
}

// TestErrors checks what an encoding cannot state.
func TestErrors(t *testing.T) {
	tests := []struct {
		name, src, emit string
		opts            lower.Options
		change          func(c *model.Config)
		want            string
	}{
		{"tf must", "module {\n  func.func @main(%a: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}) -> tensor<2xf32>\n}\n", "tf", lower.Options{}, nil,
			"t.mlir:2:38: error: argument 0 is must-aliased with output index {}; tf.aliasing_output states only may-aliases: use --emit=result-alias or --emit=module"},
		{"tf part of an argument", "module {\n  func.func @main(%a: tuple<tensor<2xf32>> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [0], result_index = [0]>}) -> tensor<2xf32>\n}\n", "tf", lower.Options{}, nil,
			"t.mlir:2:45: error: argument 0 is aliased at {0}, a part of the argument; tf.aliasing_output aliases whole arguments"},
		{"tf nested output", "module {\n  func.func @main(%a: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0, 0]>}) -> (tuple<tensor<2xf32>>, tensor<1xf32>)\n}\n", "tf", lower.Options{}, nil,
			"t.mlir:2:38: error: argument 0 is aliased with the nested output index {0,0}; tf.aliasing_output names a whole result"},
		{"two aliases on one argument", "module {\n  func.func @main(%a: tuple<tensor<2xf32>, tensor<2xf32>>) -> (tensor<2xf32>, tensor<2xf32>)\n}\n", "result-alias", lower.Options{},
			func(c *model.Config) {
				_ = c.Aliases.SetUpAlias(model.ShapeIndex{0}, 0, model.ShapeIndex{0}, model.MayAlias, model.Origin{})
				_ = c.Aliases.SetUpAlias(model.ShapeIndex{1}, 0, model.ShapeIndex{1}, model.MayAlias, model.Origin{})
			},
			"t.mlir:2:19: error: argument 0 has 2 aliases (output indices {0}, {1}), which mhlo.result_alias cannot state; use --emit=module"},
		{"whole tuple parameter", "module {\n  func.func @main(%a: tensor<2xf32>) -> tuple<tensor<2xf32>>\n}\n", "result-alias", lower.Options{UseTupleArgs: true},
			func(c *model.Config) {
				_ = c.Aliases.SetUpAlias(model.ShapeIndex{}, 0, model.ShapeIndex{}, model.MayAlias, model.Origin{})
			},
			"error: output index {} aliases the whole tuple parameter 0, which no argument attribute can state"},
		{"module on bare functions", "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32>\n", "module", lower.Options{}, nil,
			"t.mlir:1:11: error: --emit=module needs a module operation to hold mhlo.input_output_alias; the input has bare functions"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, cfg := load(t, "t.mlir", []byte(tt.src), tt.opts)
			if tt.change != nil {
				tt.change(cfg)
			}
			emit, _ := printer.ParseEmit(tt.emit)
			_, err := printer.Edits(f, []byte(tt.src), cfg, emit)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v\nwant %s", err, tt.want)
			}
		})
	}
}

// TestDictionaryEdits pins the splicing rules on one argument dictionary.
func TestDictionaryEdits(t *testing.T) {
	tests := []struct{ name, arg, emit, change, want string }{
		{"new key in sorted order", `%a: tensor<2xf32> {a = 1, z = 2}`, "result-alias", "add",
			`%a: tensor<2xf32> {a = 1, mhlo.result_alias = #mhlo.result_alias<result_index = [0]>, z = 2}`},
		{"emptied dictionary goes with its space", `%a: tensor<2xf32> {tf.aliasing_output = 0 : i32} loc("x")`, "result-alias", "remove",
			`%a: tensor<2xf32> loc("x")`},
		{"first entry removed", `%a: tensor<2xf32> {tf.aliasing_output = 0 : i32,  b = "x"}`, "result-alias", "remove",
			`%a: tensor<2xf32> {b = "x"}`},
		{"middle entry removed", "%a: tensor<2xf32> {a,\n    tf.aliasing_output = 0 : i32,\n    b}", "result-alias", "remove",
			"%a: tensor<2xf32> {a,\n    b}"},
		{"value replaced in place", `%a: tensor<2xf32> {x = 1,   tf.aliasing_output = 0:i32  , y}`, "tf", "none",
			`%a: tensor<2xf32> {x = 1,   tf.aliasing_output = 0:i32  , y}`},
		{"other encoding replaced", `%a: tensor<2xf32> {tf.aliasing_output = 0 : i64}`, "result-alias", "none",
			`%a: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}`},
		{"dictionary added", `%a: tensor<2xf32> loc("x")`, "tf", "add",
			`%a: tensor<2xf32> {tf.aliasing_output = 0 : i32} loc("x")`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "module {\n  func.func @main(" + tt.arg + ") -> tensor<2xf32>\n}\n"
			f, cfg := load(t, "t.mlir", []byte(src), lower.Options{})
			switch tt.change {
			case "add":
				_ = cfg.Aliases.SetUpAlias(nil, 0, nil, model.MayAlias, model.Origin{})
			case "none":
			default:
				transforms[tt.change](cfg)
			}
			emit, _ := printer.ParseEmit(tt.emit)
			edits, err := printer.Edits(f, []byte(src), cfg, emit)
			if err != nil {
				t.Fatal(err)
			}
			out, _ := edit.Bytes([]byte(src), edits)
			want := "module {\n  func.func @main(" + tt.want + ") -> tensor<2xf32>\n}\n"
			if string(out) != want {
				t.Errorf("got\n%s\nwant\n%s", out, want)
			}
		})
	}
}
