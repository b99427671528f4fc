package sharding

import (
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"
)

// msg builds an OpSharding's wire bytes.
type msg []byte

func (m msg) varint(num protowire.Number, vs ...int64) msg {
	for _, v := range vs {
		m = protowire.AppendTag(m, num, protowire.VarintType)
		m = protowire.AppendVarint(m, uint64(v))
	}
	return m
}

func (m msg) packed(num protowire.Number, vs ...int64) msg {
	var p []byte
	for _, v := range vs {
		p = protowire.AppendVarint(p, uint64(v))
	}
	return m.bytes(num, p)
}

func (m msg) bytes(num protowire.Number, b []byte) msg {
	m = protowire.AppendTag(m, num, protowire.BytesType)
	return protowire.AppendBytes(m, b)
}

// The OpSharding fields.
const (
	fType, fDims, fDevices, fTuple, fReplLast, fMetadata, fLastDims, fReshape, fPerm, fNamed = 1, 3, 4, 5, 6, 7, 8, 9, 10, 14
)

func TestFromProto(t *testing.T) {
	iota2 := msg{}.varint(fType, 3).packed(fDims, 2).packed(fReshape, 2).packed(fPerm, 0)
	for _, c := range []struct {
		name      string
		in        msg
		want, txt string
	}{
		{"empty", msg{}, "replicated", "{replicated}"},
		{"manual", msg{}.varint(fType, 4), "manual", "{manual}"},
		{"unknown", msg{}.varint(fType, 5), "unknown", "{unknown}"},
		{"unreduced", msg{}.varint(fType, 6), "unreduced", "{unreduced}"},
		{"maximal", msg{}.varint(fType, 1).varint(fDevices, 3), "maximal", "{maximal device=3}"},
		{"iota", msg{}.varint(fType, 3).packed(fDims, 2, 1).packed(fReshape, 2).packed(fPerm, 0), "tiled[2 1]/2", "{devices=[2,1]<=[2]}"},
		{"iota transposed, last dim replicated",
			msg{}.varint(fType, 3).packed(fDims, 2, 1, 4).packed(fReshape, 2, 4).packed(fPerm, 1, 0).varint(fReplLast, 1),
			"tiled[2 1]/8", "{devices=[2,1,4]<=[2,4]T(1,0) last_tile_dim_replicate}"},
		{"subgroups", msg{}.varint(fType, 3).packed(fDims, 1, 2, 2, 2).packed(fReshape, 8).packed(fPerm, 0).packed(fLastDims, 4, 0),
			"tiled[1 2]/8", "{devices=[1,2,2,2]<=[8] last_tile_dims={manual, replicated}}"},
		{"explicit devices, unpacked", msg{}.varint(fType, 3).varint(fDims, 2, 2).varint(fDevices, 0, 2, 1, 3),
			"tiled[2 2]/4", "{devices=[2,2]0,2,1,3}"},
		{"repeated fields merge, last type wins", msg{}.varint(fType, 1).packed(fDims, 2).varint(fDims, 2).
			packed(fDevices, 0, 1).varint(fDevices, 2, 3).varint(fType, 3), "tiled[2 2]/4", "{devices=[2,2]0,1,2,3}"},
		{"one device is replicated", msg{}.varint(fType, 3).packed(fDims, 1).packed(fDevices, 0), "replicated", "{replicated}"},
		{"iota of ones is replicated", msg{}.varint(fType, 3).packed(fDims, 1, 1).packed(fReshape, 1, 1).packed(fPerm, 0, 1), "replicated", "{replicated}"},
		{"unknown fields and groups skipped",
			append(append(msg{}.varint(99, 7).bytes(fMetadata, []byte("\x0a\x03abc")).bytes(2, []byte{0x10, 0x01}),
				protowire.AppendTag(nil, 50, protowire.StartGroupType)...),
				append(msg{}.varint(1, 1), append(protowire.AppendTag(nil, 50, protowire.EndGroupType),
					append(protowire.AppendFixed32(protowire.AppendTag(nil, 20, protowire.Fixed32Type), 9), iota2...)...)...)...),
			"tiled[2]/2", "{devices=[2]<=[2]}"},
		{"a field of the wrong wire type is unknown", append(iota2, protowire.AppendFixed64(protowire.AppendTag(nil, fDims, protowire.Fixed64Type), 5)...),
			"tiled[2]/2", "{devices=[2]<=[2]}"},
		{"tuple", msg{}.varint(fType, 2).bytes(fTuple, nil).bytes(fTuple, iota2).bytes(fTuple, msg{}.varint(fType, 1).varint(fDevices, 0)),
			"(replicated, tiled[2]/2, maximal)", "{{replicated}, {devices=[2]<=[2]}, {maximal device=0}}"},
		{"empty tuple", msg{}.varint(fType, 2), "()", "{}"},
	} {
		s, err := FromProto(c.in, nil)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got := summary(s); got != c.want || s.Text != c.txt {
			t.Errorf("%s: got %s %s, want %s %s", c.name, got, s.Text, c.want, c.txt)
		}
		// As mhlo.sharding holds it, the binary reads the same.
		if h, err := ParseHLO(c.in, nil); err != nil || summary(h) != c.want {
			t.Errorf("%s through ParseHLO: %s, %v", c.name, summary(h), err)
		}
		// Its Text reads back as the same sharding.
		if h, err := ParseHLO([]byte(s.Text), nil); err != nil || summary(h) != c.want && c.name != "empty tuple" {
			t.Errorf("%s: Text %s reads as %s, %v", c.name, s.Text, summary(h), err)
		}
	}
}

func TestFromProtoErrors(t *testing.T) {
	nested := msg{}.varint(fType, 5)
	for range 101 {
		nested = msg{}.varint(fType, 2).bytes(fTuple, nested)
	}
	for _, c := range []struct {
		name string
		in   msg
		off  int
		msg  string
	}{
		{"truncated varint", msg{0x08, 0x83}, 1, "unexpected EOF"},
		{"truncated length", msg{}.varint(fType, 3).packed(fDims, 2)[:4], 3, "unexpected EOF"},
		{"bad packed varint", msg{}.bytes(fDims, []byte{0x80}), 2, "unexpected EOF"},
		{"end group alone", protowire.AppendTag(nil, 3, protowire.EndGroupType), 1, "mismatching end group marker"},
		{"field zero", msg{0x00}, 0, "invalid field number"},
		{"maximal without device", msg{}.varint(fType, 1), 0, "Maximal sharding is expected to have single device assignment, but 0 has provided."},
		{"unknown type", msg{}.varint(fType, 9), 0, "unknown OpSharding type 9"},
		{"devices and iota", msg{}.varint(fType, 3).packed(fDims, 2).packed(fReshape, 2).packed(fPerm, 0).packed(fDevices, 0, 1), 0,
			"OpSharding has both tile_assignment_devices and iota_reshape_dims"},
		{"no devices", msg{}.varint(fType, 3).packed(fDims, 2), 0, "non-maximal shardings must have more than one device assigned"},
		{"perm rank", msg{}.varint(fType, 3).packed(fDims, 4).packed(fReshape, 2, 2).packed(fPerm, 0), 0,
			"iota_transpose_perm should have the same rank as iota_reshape_dims : expected 2, saw 1."},
		{"no dims", msg{}.varint(fType, 3).packed(fReshape, 2).packed(fPerm, 0), 0, "non-maximal shardings must have a tile assignment list including dimensions"},
		{"product", msg{}.varint(fType, 3).packed(fDims, 2, 2).packed(fDevices, 0, 1, 2), 0, "the device list has 3 devices but the tile assignment dimensions have 4"},
		{"both subgroups", msg{}.varint(fType, 3).packed(fDims, 2, 2).packed(fReshape, 4).packed(fPerm, 0).varint(fReplLast, 1).packed(fLastDims, 4), 0,
			"last_tile_dim_replicate and last_tile_dims cannot both be set"},
		{"negative dim", msg{}.varint(fType, 3).packed(fDims, -2, -1).packed(fReshape, 2).packed(fPerm, 0), 0, "the dimension -2 is not positive"},
		{"named", msg{}.bytes(fNamed, nil), 0, "OpSharding.named_sharding is not read"},
		{"nested error offset", msg{}.varint(fType, 2).bytes(fTuple, msg{}.varint(fType, 1)), 4, "Maximal sharding is expected to have single device assignment, but 0 has provided."},
		{"too deep", nested, 473, "OpSharding nested too deeply"},
	} {
		_, err := FromProto(c.in, nil)
		if e, ok := err.(*Error); !ok || e.Offset != c.off || e.Msg != c.msg {
			t.Errorf("%s: got %#v, want %d: %s", c.name, err, c.off, c.msg)
		}
	}
}

func TestParseHLOBinary(t *testing.T) {
	// Bytes that are not text and do not decode: the binary reader's words.
	_, err := ParseHLO([]byte{0x08, 0x01, 0x22, 0x05, 0x01}, nil)
	if e, ok := err.(*Error); !ok || e.Offset != 3 || e.Msg != "a binary OpSharding that does not decode: unexpected EOF" {
		t.Errorf("got %#v", err)
	}
	// Text that does not decode as binary either: the text reader's words.
	_, err = ParseHLO([]byte("devices=[2]0,1"), nil)
	if e, ok := err.(*Error); !ok || e.Offset != 0 || e.Msg != "expected '{' to start sharding attribute" {
		t.Errorf("got %#v", err)
	}
}

// TestFromProtoHuge checks that a long device list is counted, not kept:
// reading 65536 devices allocates no more than reading 1024.
func TestFromProtoHuge(t *testing.T) {
	allocs := func(n int) (float64, string) {
		devices := make([]int64, n)
		for i := range devices {
			devices[i] = int64(i)
		}
		in := msg{}.varint(fType, 3).packed(fDims, 1, int64(n)).packed(fDevices, devices...)
		var got string
		a := testing.AllocsPerRun(3, func() {
			s, err := FromProto(in, nil)
			if err != nil {
				t.Fatal(err)
			}
			got = summary(s) + " " + s.Text
		})
		return a, got
	}
	small, _ := allocs(1 << 10)
	big, got := allocs(1 << 16)
	if !strings.HasPrefix(got, "tiled[1 65536]/65536 {devices=[1,65536]0,1,2,") || !strings.HasSuffix(got, ",63,...}") {
		t.Errorf("got %s", got)
	}
	if big > small {
		t.Errorf("%v allocations for 65536 devices, %v for 1024", big, small)
	}
}
