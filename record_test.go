package mhloalias_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	mhloalias "github.com/mhlo-alias/mhlo-alias"
)

// record is the JSON record of a module, as a reader decodes it.
type record struct {
	File        *string `json:"file"`
	Chunk       *int    `json:"chunk"`
	OK          bool    `json:"ok"`
	Diagnostics []struct {
		File     string `json:"file"`
		Line     *int   `json:"line"`
		Column   *int   `json:"column"`
		Severity string `json:"severity"`
		Message  string `json:"message"`
	} `json:"diagnostics"`
	MoreErrors int `json:"more_errors"`
	Parameters []struct {
		Number      int64   `json:"parameter_number"`
		Name        *string `json:"name"`
		Shape       string  `json:"shape"`
		Bytes       *int64  `json:"bytes"`
		MemorySpace *int64  `json:"memory_space"`
	} `json:"parameters"`
	Outputs []struct {
		Index       []int64 `json:"output_index"`
		Name        *string `json:"name"`
		Shape       string  `json:"shape"`
		Bytes       *int64  `json:"bytes"`
		MemorySpace *int64  `json:"memory_space"`
	} `json:"outputs"`
	Aliases []struct {
		Output        []int64 `json:"output_index"`
		OutputName    *string `json:"output_name"`
		Number        int64   `json:"parameter_number"`
		Index         []int64 `json:"parameter_index"`
		ParameterName *string `json:"parameter_name"`
	} `json:"aliases"`
	Donors []struct {
		Number int64   `json:"parameter_number"`
		Index  []int64 `json:"parameter_index"`
		Name   *string `json:"name"`
		Shape  string  `json:"shape"`
		Reason string  `json:"reason"`
	} `json:"donors"`
	Memory *struct {
		ParameterBytes int64 `json:"parameter_bytes"`
		Spaces         []struct {
			Space          int64  `json:"memory_space"`
			Name           string `json:"name"`
			ParameterBytes int64  `json:"parameter_bytes"`
		} `json:"memory_spaces"`
	} `json:"memory"`
}

// recordKeys are the keys WriteJSON documents.
var recordKeys = map[string]bool{"file": true, "chunk": true, "ok": true, "diagnostics": true, "more_errors": true,
	"output_shape": true, "parameters": true, "outputs": true, "aliases": true, "donors": true, "memory": true}

// listKeys are the keys documented for the objects of each list.
var listKeys = map[string]map[string]bool{
	"parameters": {"parameter_number": true, "name": true, "shape": true, "bytes": true, "memory_space": true, "sharding": true, "device_shape": true},
	"outputs":    {"output_index": true, "name": true, "shape": true, "bytes": true, "memory_space": true, "sharding": true, "device_shape": true},
	"aliases": {"output_index": true, "output_name": true, "parameter_number": true, "parameter_index": true, "parameter_name": true,
		"kind": true, "bytes": true, "parameter_shape": true, "output_shape": true, "memory_space": true},
	"donors": {"parameter_number": true, "parameter_index": true, "name": true, "bytes": true, "shape": true, "memory_space": true, "reason": true},
}

func decodeRecords(t *testing.T, text string) []record {
	t.Helper()
	var out []record
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		var r record
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("not a JSON record (%v): %s", err, line)
		}
		var keys map[string]any
		json.Unmarshal([]byte(line), &keys)
		for k, v := range keys {
			if !recordKeys[k] {
				t.Errorf("undocumented key %q in %s", k, line)
			}
			if want := listKeys[k]; want != nil {
				for _, o := range v.([]any) {
					for key := range o.(map[string]any) {
						if !want[key] {
							t.Errorf("undocumented key %q in %s of %s", key, k, line)
						}
					}
				}
			}
		}
		out = append(out, r)
	}
	return out
}

// TestWriteJSON checks the records of a split input: one per module, the
// failed one with its diagnostics capped at the limit, the other with its
// parameters, its donors' reasons and the memory split by space; every
// record is valid JSON with only the documented keys.
func TestWriteJSON(t *testing.T) {
	src := "func.func @main(%a: tensor<8xf32> {jax.buffer_donor = true}, %b: tensor<2x4xf32> {jax.buffer_donor = true, mhlo.memory_kind = \"pinned_host\"}) -> tensor<8xf32> {\n  return %a : tensor<8xf32>\n}\n" +
		"// -----\n" +
		"func.func @main(%a: tensor<2xf32> {tf.aliasing_output = 7 : i32}, %b: tensor<2xf32> {tf.aliasing_output = 8 : i32}, %c: tensor<2xf32> {tf.aliasing_output = 9 : i32}) -> tensor<2xf32> {\n  return %a : tensor<2xf32>\n}\n"
	res, err := mhloalias.Process("m.mlir", []byte(src), mhloalias.Options{SplitInputFile: true, ExplainDonors: true})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := res.WriteJSON(&b, mhloalias.JSONOptions{File: true, ErrorLimit: 2}); err != nil {
		t.Fatal(err)
	}
	rs := decodeRecords(t, b.String())
	if len(rs) != 2 {
		t.Fatalf("%d records, want 2:\n%s", len(rs), b.String())
	}
	ok, bad := rs[0], rs[1]
	if !ok.OK || *ok.File != "m.mlir" || *ok.Chunk != 0 || len(ok.Parameters) != 2 || *ok.Parameters[1].MemorySpace != 5 || *ok.Parameters[1].Bytes != 32 {
		t.Errorf("record of the module read: %+v", ok)
	}
	if len(ok.Donors) != 2 || !strings.HasPrefix(ok.Donors[0].Reason, "free: output {} f32[8]{0}") || !strings.HasPrefix(ok.Donors[1].Reason, "none: ") {
		t.Errorf("donor reasons: %+v", ok.Donors)
	}
	if m := ok.Memory; m == nil || len(m.Spaces) != 2 || m.Spaces[1].Name != "host memory S(5)" || m.Spaces[0].ParameterBytes+m.Spaces[1].ParameterBytes != m.ParameterBytes {
		t.Errorf("memory: %+v", ok.Memory)
	}
	if bad.OK || *bad.Chunk != 1 || len(bad.Diagnostics) != 2 || bad.MoreErrors != 1 || bad.Parameters != nil || bad.Memory != nil {
		t.Errorf("record of the failed module: %+v", bad)
	}
	if d := bad.Diagnostics[0]; d.File != "m.mlir" || *d.Line != 5 || *d.Column != 36 || d.Severity != "error" || d.Message != "Aliasing output must be 0 if only one output exists" {
		t.Errorf("diagnostic: %+v", d)
	}

	// Without ExplainDonors no reason is kept; without a limit every
	// error is in the record.
	res, _ = mhloalias.Process("m.mlir", []byte(src), mhloalias.Options{SplitInputFile: true})
	b.Reset()
	res.WriteJSON(&b, mhloalias.JSONOptions{})
	rs = decodeRecords(t, b.String())
	if rs[0].File != nil || rs[0].Donors[0].Reason != "" || len(rs[1].Diagnostics) != 3 || rs[1].MoreErrors != 0 {
		t.Errorf("records without reasons or limit: %s", b.String())
	}

	// An input that cannot be read at all.
	rs = decodeRecords(t, mhloalias.FailureJSON("gone.mlir", errors.New("open gone.mlir: no such file\x00"), mhloalias.JSONOptions{File: true}))
	if d := rs[0].Diagnostics; rs[0].OK || len(d) != 1 || d[0].Line != nil || d[0].Message != `open gone.mlir: no such file\x00` {
		t.Errorf("failure record: %+v", rs[0])
	}
}

// TestJSONOfEveryExample checks that the record of every example module
// and of every HLO and proto test module is valid JSON.
func TestJSONOfEveryExample(t *testing.T) {
	var files []string
	for _, g := range []string{"testdata/examples/*.mlir", "testdata/proto/*.pb", "hlo/testdata/*.hlo"} {
		m, _ := filepath.Glob(g)
		files = append(files, m...)
	}
	if len(files) < 20 {
		t.Fatalf("only %d files", len(files))
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		res, err := mhloalias.Process(f, src, mhloalias.Options{ExplainDonors: true, Passes: "buffer-donation-to-alias"})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		res.WriteJSON(&b, mhloalias.JSONOptions{File: true})
		decodeRecords(t, b.String())
	}
}

// TestJSONNames checks the names of the records: each parameter, output,
// alias and donor of a module that names them has them, whole, read
// again from the input for a long one; one that names nothing has none.
func TestJSONNames(t *testing.T) {
	long := strings.Repeat("layer/", 400) + "w"
	src := "#loc1 = loc(\"" + long + "\")\n" +
		"func.func @main(%a: tensor<4xf32> {jax.buffer_donor = true} loc(\"params['a']\"), %b: tensor<4xf32> {tf.aliasing_output = 1 : i32} loc(#loc1), %c: tensor<2xf32>) -> (tensor<4xf32> {jax.result_info = \"[0]\"}, tensor<4xf32>) {\n" +
		"  return %a, %b : tensor<4xf32>, tensor<4xf32>\n}\n"
	path := filepath.Join(t.TempDir(), "m.mlir")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := mhloalias.ProcessFile(path, mhloalias.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer res.Close()
	var b bytes.Buffer
	if err := res.WriteJSON(&b, mhloalias.JSONOptions{}); err != nil {
		t.Fatal(err)
	}
	r := decodeRecords(t, b.String())[0]
	name := func(p *string) string {
		if p == nil {
			return "<none>"
		}
		return *p
	}
	for _, tt := range []struct{ got, want string }{
		{name(r.Parameters[0].Name), "params['a']"},
		{name(r.Parameters[1].Name), long},
		{name(r.Parameters[2].Name), "<none>"},
		{name(r.Outputs[0].Name), "[0]"},
		{name(r.Outputs[1].Name), "<none>"},
		{name(r.Aliases[0].OutputName), "<none>"},
		{name(r.Aliases[0].ParameterName), long},
		{name(r.Donors[0].Name), "params['a']"},
	} {
		if tt.got != tt.want {
			t.Errorf("name %.40q, want %.40q", tt.got, tt.want)
		}
	}
	if len(r.Outputs) != 2 || r.Outputs[1].Shape != "f32[4]{0}" || *r.Outputs[1].Bytes != 16 {
		t.Errorf("outputs: %+v", r.Outputs)
	}
}
