package hloproto

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// message is a protobuf message being built: append fields to it.
type message []byte

func (m message) str(num protowire.Number, s string) message {
	return protowire.AppendString(protowire.AppendTag(m, num, protowire.BytesType), s)
}

func (m message) sub(num protowire.Number, sub message) message {
	return protowire.AppendBytes(protowire.AppendTag(m, num, protowire.BytesType), sub)
}

func (m message) varint(num protowire.Number, v uint64) message {
	return protowire.AppendVarint(protowire.AppendTag(m, num, protowire.VarintType), v)
}

// f32Shape is the ShapeProto of f32[n]{0}.
func f32Shape(n uint64) message {
	return message(nil).varint(2, 11).varint(3, n).sub(5, message(nil).varint(1, 0))
}

// param is a parameter instruction, with metadata and frontend attributes
// when given.
func param(name string, number, id uint64, opType, opName, neff string) message {
	in := message(nil).str(1, name).str(2, "parameter").sub(3, f32Shape(4)).varint(9, number).varint(35, id)
	if opType != "" || opName != "" {
		md := message(nil)
		if opType != "" {
			md = md.str(1, opType)
		}
		if opName != "" {
			md = md.str(2, opName)
		}
		in = in.sub(7, md)
	}
	if neff != "" {
		entry := message(nil).str(1, "_xla_stream_annotation").str(2, "1")
		in = in.sub(68, message(nil).sub(1, entry).sub(1, message(nil).str(1, "neff_input_names").str(2, neff)))
	}
	return in
}

// longProtoName is the name of the fourth parameter of namesProto.
var longProtoName = "params['" + strings.Repeat("layer/", 400) + "w']"

// namesProto is an HloModuleProto as torch-neuronx writes it for the
// Neuron compiler (model.hlo_module.pb): each parameter has its NEFF
// input name in its frontend attributes and metadata naming the
// operation that made it, the root tuple the NEFF output names. One
// parameter has no NEFF name, one only an op_name (as JAX writes it),
// and one a name longer than model.NameKeep.
func namesProto() []byte {
	comp := message(nil).str(1, "SyncTensorsGraph.31").
		sub(2, param("p0.1", 0, 1, "xla__device_data", "xla__device_data", "input0")).
		sub(2, param("p1.2", 1, 2, "xla__device_data", "xla__device_data", "input1")).
		sub(2, param("p2.3", 2, 3, "xla__device_data", "xla__device_data", "")).
		sub(2, param("Arg_3.4", 3, 4, "", longProtoName, "")).
		sub(2, message(nil).str(1, "tuple.6").str(2, "tuple").varint(35, 6).
			varint(36, 1).varint(36, 2).
			sub(68, message(nil).sub(1, message(nil).str(1, "neff_output_names").str(2, "output0,output1")))).
		sub(4, message(nil).sub(1, f32Shape(4)).sub(1, f32Shape(4)).sub(1, f32Shape(4)).sub(1, f32Shape(4)).
			sub(2, message(nil).varint(2, 13).sub(4, f32Shape(4)).sub(4, f32Shape(4)))).
		varint(5, 31).varint(6, 6)
	alias := message(nil).sub(1, message(nil).varint(1, 0).varint(2, 0).varint(4, 2))
	donors := message(nil).sub(1, message(nil).varint(1, 1)).sub(1, message(nil).varint(1, 2)).sub(1, message(nil).varint(1, 3))
	return message(nil).str(1, "SyncTensorsGraph.31").str(2, "SyncTensorsGraph.31").sub(3, comp).
		varint(6, 31).sub(8, alias).sub(18, donors)
}

// TestNamesProto reads the names of a proto's entry parameters and
// outputs, and writes the long one whole in JSON, from the file.
func TestNamesProto(t *testing.T) {
	src := namesProto()
	_, cfg, err := ReadNamed("", src, ModuleProto)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ got, want string }{
		{cfg.ParamLabel(0, nil), `parameter 0 "input0"`},
		{cfg.ParamLabel(1, nil), `parameter 1 "input1"`},
		{cfg.ParamLabel(2, nil), `parameter 2 "p2.3"`},
		{cfg.OutputLabel(model.ShapeIndex{0}), `output {0} "output0"`},
		{cfg.OutputLabel(model.ShapeIndex{1}), `output {1} "output1"`},
	} {
		if tt.got != tt.want {
			t.Errorf("got %s, want %s", tt.got, tt.want)
		}
	}
	long := cfg.ParamName(3, nil)
	if !long.Long() || !strings.HasPrefix(longProtoName, long.String()) || !strings.HasSuffix(long.Quoted(), `..."`) {
		t.Errorf("long name: %d bytes, %s", len(long.String()), long.Quoted())
	}
	var b strings.Builder
	cfg.WriteJSONRecord(&b, "", src, nil)
	var rec struct {
		Parameters []struct {
			Name string `json:"name"`
		} `json:"parameters"`
	}
	if err := json.Unmarshal([]byte(b.String()), &rec); err != nil || len(rec.Parameters) != 4 || rec.Parameters[3].Name != longProtoName {
		t.Errorf("JSON: %v %.200s", err, b.String())
	}
}

// TestNamesProtoFile keeps the lit tests' copy of namesProto,
// testdata/mlir/names/Inputs/torch-neuronx.hlo_module.pb, as the
// function builds it; MHLO_ALIAS_WRITE_TESTDATA=1 writes it again.
func TestNamesProtoFile(t *testing.T) {
	const path = "../testdata/mlir/names/Inputs/torch-neuronx.hlo_module.pb"
	want := namesProto()
	if os.Getenv("MHLO_ALIAS_WRITE_TESTDATA") == "1" {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("%s is not namesProto (%v): run this test with MHLO_ALIAS_WRITE_TESTDATA=1", path, err)
	}
}
