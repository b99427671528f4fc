package lower

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/parser"
)

// lowerText parses and lowers src, named "t.mlir".
func lowerText(t *testing.T, src string, opts Options) (*model.Config, ast.ErrorList) {
	t.Helper()
	f, err := parser.ParseFile("t.mlir", []byte(src), parser.Options{})
	if err != nil {
		return nil, err.(ast.ErrorList)
	}
	return Lower(f, []byte(src), opts)
}

// fn builds a module whose @main has the given arguments and results.
func fn(args, results string) string {
	return fmt.Sprintf("module {\n  func.func @main(%s) -> (%s) {\n    return\n  }\n}\n", args, results)
}

func TestTypeForms(t *testing.T) {
	tests := []struct{ typ, want string }{
		{"tensor<2x3xf32>", "f32[2,3]{1,0}"},
		{"tensor<f32>", "f32[]"},
		{"tensor<i1>", "pred[]"},
		{"tensor<4xi4>", "s4[4]{0}"},
		{"tensor<4xsi8>", "s8[4]{0}"},
		{"tensor<4xui16>", "u16[4]{0}"},
		{"tensor<4xi64>", "s64[4]{0}"},
		{"tensor<4xbf16>", "bf16[4]{0}"},
		{"tensor<4xf16>", "f16[4]{0}"},
		{"tensor<4xf64>", "f64[4]{0}"},
		{"tensor<4xf8E4M3FN>", "f8e4m3fn[4]{0}"},
		{"tensor<4xf8E5M2>", "f8e5m2[4]{0}"},
		{"tensor<4xf8E4M3B11FNUZ>", "f8e4m3b11fnuz[4]{0}"},
		{"tensor<4xf8E5M2FNUZ>", "f8e5m2fnuz[4]{0}"},
		{"tensor<4xf8E4M3FNUZ>", "f8e4m3fnuz[4]{0}"},
		{"tensor<4xf4E2M1FN>", "f4e2m1fn[4]{0}"},
		{"tensor<2xcomplex<f32>>", "c64[2]{0}"},
		{"tensor<2xcomplex< f64 >>", "c128[2]{0}"},
		{"tensor<0x5xf32>", "f32[0,5]{1,0}"},
		{"tensor<4 x ? x f32>", "f32[4,?]{1,0}"},
		{"tensor< 2x 3 xf32 >", "f32[2,3]{1,0}"},
		{"tensor<?x3xf32>", "f32[?,3]{1,0}"},
		{"tensor<?x?xi32>", "s32[?,?]{1,0}"},
		{"tensor<?x3xf32, #mhlo.type_extensions<bounds = [8, ?]>>", "f32[<=8,3]{1,0}"},
		{"tensor<?xf32, #stablehlo.bounds<16>>", "f32[<=16]{0}"},
		{"tensor<?xf32, #stablehlo.bounds<?>>", "f32[?]{0}"},
		{"tuple<tensor<2xf32>, tensor<i32>>", "(f32[2]{0}, s32[])"},
		{"tuple<tuple<tensor<1xf32>>, tuple<>>", "((f32[1]{0}), ())"},
		{"!mhlo.token", "token[]"},
		{"!stablehlo.token", "token[]"},
		{"tuple<tensor<2xf32>, !stablehlo.token>", "(f32[2]{0}, token[])"},
		{"tensor<*xf32>", "opaque[]"},
		{"tensor<2xindex>", "opaque[]"},
		{"tensor<2xtf32>", "opaque[]"},
		{"i32", "opaque[]"},
		{"!quant.uniform<i8:f32, 0.5>", "opaque[]"},
		{"memref<2xf32>", "opaque[]"},
		{"tensor<4xf32, #sparse_tensor.encoding<{map = (d0) -> (d0 : compressed)}>>", "opaque[]"},
	}
	for _, tt := range tests {
		cfg, diags := lowerText(t, fn("%arg0: "+tt.typ, tt.typ), Options{})
		if diags.HasErrors() {
			t.Errorf("%s: %v", tt.typ, diags)
			continue
		}
		if got := cfg.Params[0].StringWithLayout(); got != tt.want {
			t.Errorf("%s: param %s, want %s", tt.typ, got, tt.want)
		}
		if got := cfg.Output().StringWithLayout(); got != tt.want {
			t.Errorf("%s: output %s, want %s", tt.typ, got, tt.want)
		}
	}
}

func TestTypeAliases(t *testing.T) {
	src := "!a = tensor<2xf32>\n!b = !a\n!t = tuple<!b, !stablehlo.token>\n" + fn("%arg0: !t, %arg1: tensor<3x!a>", "!b")
	cfg, diags := lowerText(t, src, Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if got := cfg.Params[0].String(); got != "(f32[2], token[])" {
		t.Errorf("param 0 = %s", got)
	}
	if got := cfg.Params[1].String(); got != "opaque[]" {
		t.Errorf("param 1 = %s: a tensor of tensors is not an XLA array", got)
	}
	if got := cfg.Output().String(); got != "f32[2]" {
		t.Errorf("output = %s", got)
	}
}

func TestTupleArgsAndReturnTuple(t *testing.T) {
	src := fn("%arg0: tensor<2xf32>, %arg1: tensor<2xf32> {tf.aliasing_output = 0 : i32, jax.buffer_donor = true}", "tensor<2xf32>")
	_, diags := lowerText(t, src, Options{})
	if !strings.Contains(diags.Error(), "Parameter 1 index {} is already aliased with one output") {
		t.Errorf("donor and alias on one argument: %v", diags)
	}
	src = fn("%arg0: tensor<2xf32>, %arg1: tensor<2xf32> {tf.aliasing_output = 0 : i32}, %arg2: tensor<1xf32> {jax.buffer_donor = true}", "tensor<2xf32>")
	cfg, diags := lowerText(t, src, Options{UseTupleArgs: true, ReturnTuple: true})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	want := "input_output_alias={ {0}: (0, {1}, may-alias) }, buffer_donor={ (0, {2}) }\n"
	if got := cfg.ShortString(); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := cfg.Output().String(); got != "(f32[2])" {
		t.Errorf("output = %s", got)
	}
}

// TestEncodings reads each alias and donor encoding into the model.
func TestEncodings(t *testing.T) {
	tests := []struct {
		name, src string
		opts      Options
		want      string // ShortString
	}{
		{"result_alias may", fn("%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}", "tensor<2xf32>"), Options{},
			"input_output_alias={ {}: (0, {}, may-alias) }"},
		{"result_alias must, fields reordered, trailing comma", fn("%arg0: tensor<2xf32>, %arg1: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<must_alias, result_index = [1],>}", "tensor<2xf32>, tensor<2xf32>"), Options{},
			"input_output_alias={ {1}: (1, {}, must-alias) }"},
		{"result_alias tuple indices", fn("%arg0: tuple<tensor<2xf32>, tensor<3xi32>> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [1], result_index = [0, 1]>}", "tuple<tensor<2xf32>, tensor<3xi32>>"), Options{},
			"input_output_alias={ {1}: (0, {1}, may-alias) }"},
		{"result_alias empty tuple_indices", fn("%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [], result_index = [0], must_alias>}", "tensor<2xf32>"), Options{},
			"input_output_alias={ {}: (0, {}, must-alias) }"},
		{"result_alias with tuple args", fn("%arg0: tensor<2xf32>, %arg1: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}", "tensor<2xf32>"), Options{UseTupleArgs: true},
			"input_output_alias={ {}: (0, {1}, may-alias) }"},
		{"result_alias through an attribute alias", "#ra = #mhlo.result_alias<result_index = [0], must_alias>\n" + fn("%arg0: tensor<2xf32> {mhlo.result_alias = #ra}", "tensor<2xf32>"), Options{},
			"input_output_alias={ {}: (0, {}, must-alias) }"},
		{"tf.aliasing_output i64", fn("%arg0: tensor<2xf32>, %arg1: tensor<2xf32> {tf.aliasing_output = 1 : i64}", "tensor<2xf32>, tensor<2xf32>"), Options{},
			"input_output_alias={ {1}: (1, {}, may-alias) }"},
		{"tf.aliasing_output single result", fn("%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}", "tensor<2xf32>"), Options{},
			"input_output_alias={ {}: (0, {}, may-alias) }"},
		{"tf.aliasing_output return tuple", fn("%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}", "tensor<2xf32>"), Options{ReturnTuple: true},
			"input_output_alias={ {0}: (0, {}, may-alias) }"},
		{"jax.buffer_donor", fn("%arg0: tensor<2xf32> {jax.buffer_donor = true}, %arg1: tensor<2xf32> {jax.buffer_donor}", "tensor<2xf32>"), Options{},
			"buffer_donor={ (0, {}), (1, {}) }"},
		{"module attribute", "module attributes {mhlo.input_output_alias = [{alias = {kind = \"must_alias\", parameter_index = array<i64: 1>, parameter_number = 0 : i64}, output_index = array<i64: 1>}]} {\n  func.func @main(%arg0: tuple<tensor<2xf32>, tensor<2xf32>>) -> (tensor<2xf32>, tensor<2xf32>) {\n  }\n}\n", Options{},
			"input_output_alias={ {1}: (0, {1}, must-alias) }"},
		{"module attribute empty", "module attributes {mhlo.input_output_alias = []} {\n  func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32>\n}\n", Options{},
			"input_output_alias={ {}: (0, {}, may-alias) }"},
		{"module attribute agrees", "module attributes {mhlo.input_output_alias = [{alias = {kind = \"may_alias\", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64>}]} {\n  func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32>\n}\n", Options{},
			"input_output_alias={ {}: (0, {}, may-alias) }"},
		{"same alias twice is read once", fn("%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32, mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}", "tensor<2xf32>"), Options{},
			"input_output_alias={ {}: (0, {}, may-alias) }"},
		{"generic form", "\"builtin.module\"() ({\n  \"func.func\"() <{arg_attrs = [{}, {mhlo.result_alias = #mhlo.result_alias<result_index = [1]>}], function_type = (tensor<2xf32>, tensor<3xf32>) -> (tensor<2xf32>, tensor<3xf32>), sym_name = \"main\"}> ({\n  }) : () -> ()\n}) : () -> ()\n", Options{},
			"input_output_alias={ {1}: (1, {}, may-alias) }"},
		{"generic form with attributes after the region", "\"builtin.module\"() ({\n  \"func.func\"() ({\n  }) {arg_attrs = [{jax.buffer_donor = true}], function_type = (tensor<2xf32>) -> tensor<2xf32>, sym_name = \"main\"} : () -> ()\n}) : () -> ()\n", Options{},
			"buffer_donor={ (0, {}) }"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, diags := lowerText(t, tt.src, tt.opts)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			if got := strings.TrimSuffix(cfg.ShortString(), "\n"); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// TestErrors checks every error the contract lists, with its position.
func TestErrors(t *testing.T) {
	ra := func(body string) string {
		return fn("%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<"+body+">}", "tensor<2xf32>, tensor<2xf32>")
	}
	ioa := func(entries string) string {
		return "module attributes {mhlo.input_output_alias = [" + entries + "]} {\n  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)\n}\n"
	}
	entry := func(kind, pnum, pidx, out string) string {
		return `{alias = {kind = "` + kind + `", parameter_index = array<i64` + pidx + `>, parameter_number = ` + pnum + ` : i64}, output_index = array<i64` + out + `>}`
	}
	layouts := func(modAttrs, argAttrs string) string {
		return "module attributes {" + modAttrs + "} {\n  func.func @main(%arg0: tensor<2x3xf32> " + argAttrs + ") -> tensor<2x3xf32>\n}\n"
	}
	tests := []struct {
		name, src string
		opts      Options
		want      string // "line:col: error: message" of the first diagnostic
	}{
		{"result_index empty", ra("result_index = []"), Options{},
			"2:97: error: expected at least 1 element(s), found 0"},
		{"result_index empty, second error", ra("result_index = []"), Options{},
			"2:97: error: failed parsing argument-result alias attribute"},
		{"result_index missing", ra("must_alias"), Options{},
			"error: missing `result_index` entry"},
		{"result_index duplicated", ra("result_index = [0], result_index = [1]"), Options{},
			"2:113: error: duplicated `result_index` entry"},
		{"unknown word", ra("result_index = [0], musst_alias"), Options{},
			"2:100: error: expected one of: `tuple_indices`, `result_index`, `must_alias`"},
		{"must_alias = true", ra("result_index = [0], must_alias = true"), Options{},
			"2:111: error: expected '>'"},
		{"result index negative", ra("result_index = [-1]"), Options{},
			"2:41: error: attribute \"mhlo.result_alias\" expects all argument and result indices to be >= 0"},
		{"result index out of range", ra("result_index = [2]"), Options{},
			"2:41: error: attribute \"mhlo.result_alias\" result index is out of range, must be <2"},
		{"argument tuple indices", ra("tuple_indices = [0], result_index = [0]"), Options{},
			"error: attribute \"mhlo.result_alias\" argument tuple indices are invalid"},
		{"result tuple indices", ra("result_index = [0, 0]"), Options{},
			"error: attribute \"mhlo.result_alias\" result tuple indices are invalid"},
		{"result index not an integer", ra("result_index = [a]"), Options{},
			"error: expected integer value"},
		{"result index too large", ra("result_index = [99999999999999999999]"), Options{},
			"error: integer value too large"},
		{"result_alias wrong value", fn("%arg0: tensor<2xf32> {mhlo.result_alias = 3 : i32}", "tensor<2xf32>"), Options{},
			"2:41: error: attribute \"mhlo.result_alias\" of argument 0 must be a #mhlo.result_alias<...>"},
		{"must-alias incompatible types", fn("%arg0: tensor<2xi32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}", "tensor<2xf32>"), Options{},
			"2:41: error: attribute \"mhlo.result_alias\" aliases do not have compatible types, 'tensor<2xi32>' vs. 'tensor<2xf32>'"},
		{"size mismatch", fn("%arg0: tensor<3xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}", "tensor<2xf32>"), Options{},
			"2:41: error: Expected aliased input 0 at index {} and output at index {} to have the same size. Input sub-shape is f32[3]{0} with size 12, output sub-shape is f32[2]{0} with size 8"},
		{"tf.aliasing_output single output", fn("%arg0: tensor<2xf32> {tf.aliasing_output = 1 : i32}", "tensor<2xf32>"), Options{},
			"2:41: error: Aliasing output must be 0 if only one output exists"},
		{"tf.aliasing_output out of range", fn("%arg0: tensor<2xf32> {tf.aliasing_output = 3 : i32}", "tensor<2xf32>, tensor<2xf32>"), Options{},
			"2:41: error: Trying to set up alias at {3} which is an invalid index for shape (f32[2], f32[2])"},
		{"tf.aliasing_output negative", fn("%arg0: tensor<2xf32> {tf.aliasing_output = -1 : i32}", "tensor<2xf32>, tensor<2xf32>"), Options{},
			"2:41: error: tf.aliasing_output of argument 0 must be >= 0, got -1"},
		{"tf.aliasing_output overflow", fn("%arg0: tensor<2xf32> {tf.aliasing_output = 18446744073709551616 : i64}", "tensor<2xf32>, tensor<2xf32>"), Options{},
			"2:41: error: tf.aliasing_output of argument 0 must be an integer that fits in 64 bits"},
		{"two encodings, one output", fn("%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}, %arg1: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}", "tensor<2xf32>, tensor<2xf32>"), Options{},
			"2:94: error: output index {0} is aliased twice: by tf.aliasing_output at t.mlir:2:41 and by mhlo.result_alias at t.mlir:2:94"},
		{"one parameter, two outputs", fn("%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32, mhlo.result_alias = #mhlo.result_alias<result_index = [1]>}", "tensor<2xf32>, tensor<2xf32>"), Options{},
			"2:41: error: parameter 0 at {} is aliased twice: with output index {1} by mhlo.result_alias at t.mlir:2:71 and with output index {0} by tf.aliasing_output at t.mlir:2:41"},
		{"same output, different kind", fn("%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32, mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}", "tensor<2xf32>"), Options{},
			"aliased twice"},
		{"donor also aliased", fn("%arg0: tensor<2xf32> {jax.buffer_donor = true, tf.aliasing_output = 0 : i32}", "tensor<2xf32>"), Options{},
			"2:41: error: Parameter 0 index {} is already aliased with one output, thus it cannot be added as a buffer donor for any output."},
		{"donor on a tuple", fn("%arg0: tuple<tensor<2xf32>> {jax.buffer_donor = true}", "tensor<2xf32>"), Options{},
			"2:48: error: buffer donor parameter 0 at {} is not an array: (f32[2])"},
		{"unknown kind", ioa(entry("maybe_alias", "0", "", ": 0")), Options{},
			"error: mhlo.input_output_alias entry 0 has unknown kind \"maybe_alias\"; expected \"may_alias\" or \"must_alias\""},
		{"module negative index", ioa(entry("may_alias", "0", "", ": -1")), Options{},
			"error: mhlo.input_output_alias entry 0: output_index must hold indices >= 0, got -1"},
		{"module negative parameter", ioa(entry("may_alias", "-1", "", ": 0")), Options{},
			"error: mhlo.input_output_alias entry 0: parameter_number must be >= 0, got -1"},
		{"module parameter out of range", ioa(entry("may_alias", "5", "", ": 0")), Options{},
			"error: output index {0} is aliased with parameter 5, but the entry function has 2 parameter(s)"},
		{"module output out of range", ioa(entry("may_alias", "0", "", ": 7")), Options{},
			"error: Trying to set up alias at {7} which is an invalid index for shape (f32[2], f32[2])"},
		{"module missing output_index", ioa(`{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 0 : i64}}`), Options{},
			"error: mhlo.input_output_alias entry 0 is missing output_index"},
		{"module output twice", ioa(entry("may_alias", "0", "", ": 0") + ", " + entry("may_alias", "1", "", ": 0")), Options{},
			"error: mhlo.input_output_alias entry 1 aliases output index {0} again"},
		{"module and arguments disagree", "module attributes {mhlo.input_output_alias = [" + entry("may_alias", "0", "", ": 0") + "]} {\n  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> (tensor<2xf32>, tensor<2xf32>)\n}\n", Options{},
			"1:47: error: mhlo.input_output_alias states an alias of output index {0} to parameter 0 at {} (may-alias) that the argument attributes do not"},
		{"module and arguments disagree on kind", "module attributes {mhlo.input_output_alias = [" + entry("must_alias", "0", "", ": 0") + "]} {\n  func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}, %arg1: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)\n}\n", Options{},
			"(must-alias) that the argument attributes do not"},
		{"layout auto beside explicit", layouts("mhlo.xla_entry_computation_parameter_layouts = [dense<[1, 0]> : tensor<2xindex>]", `{mhlo.layout_mode = "auto"}`), Options{},
			"2:43: error: mhlo.layout_mode \"auto\" of argument 0 disagrees with its layout f32[2,3]{1,0} from mhlo.xla_entry_computation_parameter_layouts"},
		{"layout default vs column-major", layouts("mhlo.xla_entry_computation_parameter_layouts = [dense<[0, 1]> : tensor<2xindex>]", `{mhlo.layout_mode = "default"}`), Options{},
			"error: mhlo.layout_mode \"default\" of argument 0 disagrees with its layout f32[2,3]{0,1}"},
		{"layout explicit vs explicit", layouts("mhlo.xla_entry_computation_parameter_layouts = [dense<[0, 1]> : tensor<2xindex>]", `{mhlo.layout_mode = "{1,0}"}`), Options{},
			"error: mhlo.layout_mode \"{1,0}\" of argument 0 disagrees with its layout f32[2,3]{0,1}"},
		{"layout not a permutation", layouts("mhlo.xla_entry_computation_parameter_layouts = [dense<[0, 0]> : tensor<2xindex>]", ""), Options{},
			"1:68: error: layout {0,0} of argument 0 is not a permutation of the dimensions of f32[2,3]"},
		{"layout entries count", layouts("mhlo.xla_entry_computation_parameter_layouts = []", ""), Options{},
			"1:20: error: mhlo.xla_entry_computation_parameter_layouts has 0 entries, but the entry function has 1"},
		{"layout mode garbage", layouts("", `{mhlo.layout_mode = "sideways"}`), Options{},
			"error: mhlo.layout_mode of argument 0 must be \"default\", \"auto\" or a layout such as \"{1,0}\" for an array, got \"sideways\""},
		{"bounds rank", fn("%arg0: tensor<?x2xf32, #stablehlo.bounds<4>>", "tensor<2xf32>"), Options{},
			"error: bounds length is 1, expected to be equal to rank(2) of the tensor"},
		{"bound on a static dim", fn("%arg0: tensor<3xf32, #stablehlo.bounds<4>>", "tensor<2xf32>"), Options{},
			"error: static dimension 0 cannot have a bound"},
		{"undefined type alias", fn("%arg0: !nope", "tensor<2xf32>"), Options{},
			"2:26: error: undefined symbol alias id 'nope'"},
		{"dimension overflow", fn("%arg0: tensor<99999999999999999999xf32>", "tensor<2xf32>"), Options{},
			"error: dimension size 99999999999999999999 does not fit in 64 bits"},
		{"generic arg_attrs count", "\"func.func\"() <{arg_attrs = [{}, {}], function_type = (tensor<2xf32>) -> tensor<2xf32>, sym_name = \"main\"}> ({\n}) : () -> ()\n", Options{},
			"1:17: error: expects argument attribute array to have the same number of elements as the number of function arguments, got 2, but expected 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, diags := lowerText(t, tt.src, tt.opts)
			if !diags.HasErrors() {
				t.Fatalf("no error; want %q", tt.want)
			}
			if !strings.Contains(diags.Error(), tt.want) {
				t.Errorf("got:\n%v\nwant a line containing:\n%s", diags, tt.want)
			}
		})
	}
}

func TestDonorFalseWarns(t *testing.T) {
	cfg, diags := lowerText(t, fn("%arg0: tensor<2xf32> {jax.buffer_donor = false}", "tensor<2xf32>"), Options{})
	if diags.HasErrors() || len(diags) != 1 || diags[0].Severity != ast.SevWarning {
		t.Fatalf("want one warning, got %v", diags)
	}
	if !cfg.Donors.ParameterIsBufferDonor(0, nil) {
		t.Error("jax.buffer_donor = false must still register a donor")
	}
}

// TestArgumentsReadOnce: every step after the one that reads the
// arguments works from what it read, never from an argument's tree again:
// with each tree emptied once they are read, the config and the
// diagnostics are the same. This is what lets the arguments be read as
// they are decoded, their trees not kept.
func TestArgumentsReadOnce(t *testing.T) {
	mesh := `module attributes {mhlo.num_partitions = 2 : i32, mhlo.xla_entry_computation_parameter_layouts = [dense<[0]> : tensor<1xindex>, dense<[1, 0]> : tensor<2xindex>, dense<[0]> : tensor<1xindex>]} {
  sdy.mesh @mesh = <["x"=2]>
  func.func @main(%a: tensor<16xf32> {mhlo.sharding = "{devices=[2]<=[2]}", tf.aliasing_output = 0 : i32, jax.arg_info = "params['w']"},
                  %b: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>, jax.buffer_donor = true, mhlo.layout_mode = "default"},
                  %c: tensor<8xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [1], must_alias>, mhlo.sharding = "{bad"} loc("c"))
      -> (tensor<16xf32> {mhlo.sharding = "{devices=[2]<=[2]}"}, tensor<8xf32>) {
    return
  }
}
`
	for _, tc := range []struct {
		src  string
		opts Options
	}{
		{mesh, Options{}},
		{mesh, Options{Partitioned: "yes"}},
		{fn(`%a: tuple<tensor<2xf32>, tensor<3xi32>> {mhlo.sharding = "{{replicated}, {maximal device=1}}"}, %b: tensor<2xf32> {jax.buffer_donor = true}`, "tensor<2xf32>, tensor<3xi32>"), Options{UseTupleArgs: true}},
		{fn(`%a: tensor<2xf32> {mhlo.layout_mode = "{0}", tf.aliasing_output = 1 : i32}, %b: tensor<2xf32> {mhlo.memory_kind = "pinned_host"}`, "tensor<2xf32>, tensor<2xf32>"), Options{}},
		{fn(`%a: tensor<2xf32> {tf.aliasing_output = 7 : i32}`, "tensor<2xf32>"), Options{}},
	} {
		run := func(empty bool) (string, string) {
			f, err := parser.ParseFile("t.mlir", []byte(tc.src), parser.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var read func()
			if empty {
				read = func() {
					for _, a := range f.Entry.Args {
						*a = ast.Arg{}
					}
				}
			}
			cfg, diags := lowerRead(f, []byte(tc.src), tc.opts, read)
			var msgs []string
			for _, d := range diags {
				msgs = append(msgs, d.Error())
			}
			if cfg == nil {
				return "no config", strings.Join(msgs, "\n")
			}
			return cfg.LongString() + fmt.Sprintf("\nsharding %+v\nnames %v\nsource %+v", cfg.Sharding, cfg.Names, cfg.Source), strings.Join(msgs, "\n")
		}
		wantCfg, wantDiags := run(false)
		gotCfg, gotDiags := run(true)
		if gotCfg != wantCfg || gotDiags != wantDiags {
			t.Errorf("%s\nwith the arguments' trees emptied once read:\n%s\n%s\nwant:\n%s\n%s", tc.src, gotCfg, gotDiags, wantCfg, wantDiags)
		}
	}
}

// TestMaxRank: a tensor type of model.MaxRank dimensions reads, one of
// more is an error at the type, in every spelling the parser gives a
// tensor (plain, with a dynamic size, with white space, with bounds), for
// an argument and for a result, whole and streamed.
func TestMaxRank(t *testing.T) {
	dims := func(n int, d string) string { return strings.Repeat(d+"x", n) }
	bounds := func(n int) string {
		return ", #stablehlo.bounds<" + strings.TrimSuffix(strings.Repeat("?, ", n), ", ") + ">"
	}
	for _, form := range []struct {
		dim    string
		bounds bool
	}{{"1", false}, {"?", false}, {"1 ", false}, {"?", true}} {
		for _, n := range []int{model.MaxRank, model.MaxRank + 1} {
			typ := "tensor<" + dims(n, form.dim) + "f32>"
			if form.bounds {
				typ = "tensor<" + dims(n, form.dim) + "f32" + bounds(n) + ">"
			}
			for _, src := range []string{fn("%a: "+typ, "tensor<f32>"), fn("%a: tensor<f32>", typ)} {
				at := strings.Index(src, "tensor<"+dims(1, form.dim))
				line := 1 + strings.Count(src[:at], "\n")
				col := at - strings.LastIndexByte(src[:at], '\n')
				want := fmt.Sprintf("m.mlir:%d:%d: error: %s", line, col, model.RankError)
				for _, stream := range []bool{false, true} {
					got := lowerBoth([]byte(src), Options{}, stream).text
					if over := n > model.MaxRank; over != strings.Contains(got, want) || !over && strings.Contains(got, "error") {
						t.Errorf("%d dimensions %q, streamed %v: got\n%.300s\nwant the error %q: %v", n, form.dim, stream, got, want, over)
					}
				}
			}
		}
	}
}
