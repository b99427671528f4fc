package sharding

import (
	"testing"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// checkRead is the contract of every reader: an error is an *Error at an
// offset within the input; a sharding has a cut Text and, when tiled,
// positive tile counts and devices.
func checkRead(t *testing.T, in []byte, s model.Sharding, err error) {
	if err != nil {
		if e, ok := err.(*Error); !ok || e.Offset < 0 || e.Offset > len(in) {
			t.Fatalf("%q: error %#v", in, err)
		}
		return
	}
	var walk func(s *model.Sharding)
	walk = func(s *model.Sharding) {
		if len(s.Text) > model.ShardingTextKeep {
			t.Fatalf("%q: Text of %d bytes", in, len(s.Text))
		}
		if s.Kind == model.Tiled {
			for _, n := range s.Tiles {
				if n < 1 {
					t.Fatalf("%q: tiles %v", in, s.Tiles)
				}
			}
			if s.Devices < 0 {
				t.Fatalf("%q: %d devices", in, s.Devices)
			}
		}
		for i := range s.Elems {
			walk(&s.Elems[i])
		}
	}
	walk(&s)
}

func FuzzParseHLO(f *testing.F) {
	for _, s := range []string{`{replicated}`, `{devices=[2,1,2]<=[2,2]T(1,0) last_tile_dim_replicate}`,
		`{{maximal device=1}, /*index=1*/{devices=[2]0,1 metadata={op_name="}"}}}`,
		`{mesh['a'=2,'b'=4], [{'a'}, {'b':(2)2, ?}], replicated={}}`, `{maximal_mesh[device_id=3]}`,
		"\x08\x03\x1a\x02\x02\x01\x4a\x01\x02\x52\x01\x00"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		s, err := ParseHLO(in, nil)
		checkRead(t, in, s, err)
	})
}

func FuzzParseShardy(f *testing.F) {
	for _, s := range []string{`#sdy.sharding<@mesh, [{"x"}, {"y":(2)2, ?}p1, {?}], replicated={"z"}>`,
		`#sdy.sharding_per_value<[<@mesh, [{"x"}]>, <@maximal, []>]>`, `#sdy.sharding<mesh<["a"=4]>, [{"a"}]>`,
		`<["x"=2, "y"=4], device_ids=[0, 2, 1, 3, 4, 5, 6, 7]>`, `#sdy.mesh<[], device_ids=[3]>`} {
		f.Add([]byte(s))
	}
	meshes := Meshes{"mesh": {Axes: []Axis{{"x", 2}, {"y", 4}, {"z", 2}}, Devices: 16}, "maximal": {Devices: 1}}
	f.Fuzz(func(t *testing.T, in []byte) {
		s, err := ParseShardy(in, meshes, nil)
		checkRead(t, in, s, err)
		m, err := ParseMesh(in, nil)
		checkRead(t, in, model.Sharding{}, err)
		if err == nil && m.Devices < 0 {
			t.Fatalf("%q: %d devices", in, m.Devices)
		}
	})
}

func FuzzFromProto(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte(msg{}.varint(fType, 3).packed(fDims, 2, 1, 4).packed(fReshape, 2, 4).packed(fPerm, 1, 0).varint(fReplLast, 1)))
	f.Add([]byte(msg{}.varint(fType, 2).bytes(fTuple, msg{}.varint(fType, 1).varint(fDevices, 0)).bytes(fTuple, nil)))
	f.Add([]byte(msg{}.varint(fType, 3).varint(fDims, 2, 2).varint(fDevices, 0, 2, 1, 3).packed(fLastDims, 4)))
	f.Fuzz(func(t *testing.T, in []byte) {
		s, err := FromProto(in, nil)
		checkRead(t, in, s, err)
	})
}
