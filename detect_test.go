package mhloalias

import (
	"bytes"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"
)

func field(num protowire.Number, parts ...[]byte) []byte {
	b := protowire.AppendTag(nil, num, protowire.BytesType)
	return protowire.AppendBytes(b, bytes.Join(parts, nil))
}

// detectInputs are binary inputs of each kind the tool tells apart, well
// formed or not, and the start of the one diagnostic each must get ("":
// none, the file reads).
func detectInputs(t *testing.T) []struct {
	name string
	src  []byte
	want string
} {
	module := readTestdata(t, "testdata/proto/tpu-tiled.pb")
	literal := field(2, field(1, []byte{0x10, 11, 0x18, 4}), field(8, bytes.Repeat([]byte{0, 0, 0x80, 0x3f}, 4)))
	platform := field(4, []byte("Host"))
	random := make([]byte, 3000)
	rand.New(rand.NewSource(1)).Read(random)
	flatbuffer := append([]byte{0x1c, 0, 0, 0, 'J', 'X', 'E', 'X', 0x0c, 0, 0x18, 0, 4, 0, 8, 0}, make([]byte, 40)...)
	flatbuffer = append(append(flatbuffer, "ML\xefR\x00MLIR20.0.0git\x00"...), random[:300]...)
	return []struct {
		name string
		src  []byte
		want string
	}{
		{"a snapshot, its arguments before its module", bytes.Join([][]byte{literal, literal, platform, field(1, field(1, module))}, nil), ""},
		{"a truncated module", module[:len(module)/2], "byte "},
		{"a snapshot without a module", bytes.Join([][]byte{literal, literal, field(3, literal[2:]), platform}, nil), "byte 84: HloSnapshot.hlo: missing: the snapshot holds no module"},
		{"a flatbuffer", flatbuffer, "not a module this tool reads: a container of MLIR bytecode"},
		{"a zip archive", append([]byte("PK\x03\x04\x14\x00\x00\x00\x08\x00"), random[:500]...), "not a module this tool reads: a zip archive"},
		{"random bytes", random, "not a module this tool reads: binary data, neither text nor an HloModuleProto, HloProto or HloSnapshot (it starts "},
	}
}

// TestStdinDetectedAsNamed: binary input is recognized by its content, the
// same on standard input as in a file, whatever its name: a proto with its
// fields in any order reads, a malformed one gets its positioned error, a
// snapshot without a module says so, and data of no kind the tool reads
// gets one error, never an MLIR syntax error.
func TestStdinDetectedAsNamed(t *testing.T) {
	dir := t.TempDir()
	for _, c := range detectInputs(t) {
		var got []string
		names := []string{"<stdin>", "model.hlo_module.pb", "model.bin", "model.jax_exported"}
		for _, name := range names {
			var res *Result
			var err error
			if name == "<stdin>" {
				res, err = ProcessReader(name, bytes.NewReader(c.src), Options{})
			} else {
				path := filepath.Join(dir, name)
				if err := os.WriteFile(path, c.src, 0o644); err != nil {
					t.Fatal(err)
				}
				res, err = ProcessFile(path, Options{})
				name = path
			}
			if err != nil {
				t.Fatalf("%s as %s: %v", c.name, name, err)
			}
			diags := res.Diagnostics()
			res.Close()
			if c.want == "" {
				if len(diags) > 0 {
					t.Errorf("%s as %s: %v", c.name, name, diags)
				}
				continue
			}
			if len(diags) != 1 || !strings.HasPrefix(diags[0].Error(), name+": "+c.want) {
				if !(strings.HasSuffix(name, ".jax_exported") && strings.Contains(diags.Error(), "not a module this tool reads: a container of MLIR bytecode")) {
					t.Errorf("%s as %s: got\n%v\nwant one diagnostic starting %s: %s", c.name, name, diags, name, c.want)
				}
			}
			got = append(got, strings.TrimPrefix(diags.Error(), name))
		}
		for i := 1; i < len(got) && !strings.Contains(got[0], "not a module"); i++ {
			if got[i] != got[0] {
				t.Errorf("%s: %s says %q, %s %q", c.name, names[i], got[i], names[0], got[0])
			}
		}
	}
}
