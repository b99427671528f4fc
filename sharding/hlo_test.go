package sharding

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// summary spells what sizing reads of s: "tiled[2 1]/2" (tiles, devices),
// "replicated", "(replicated, maximal)" for a tuple.
func summary(s model.Sharding) string {
	switch {
	case s.Kind == model.TupleSharding:
		parts := make([]string, len(s.Elems))
		for i, e := range s.Elems {
			parts[i] = summary(e)
		}
		return "(" + strings.Join(parts, ", ") + ")"
	case s.Kind == model.Tiled || s.Devices != 0:
		return fmt.Sprintf("%s%v/%d", s.Kind, s.Tiles, s.Devices)
	}
	return s.Kind.String()
}

func TestParseHLO(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{replicated}`, "replicated"},
		{`  {manual}  `, "manual"},
		{`{unknown}`, "unknown"},
		{`{unreduced}`, "unreduced"},
		{`{maximal device=3}`, "maximal"},
		{`{device=3 maximal}`, "maximal"},
		{`{maximal replicated}`, "replicated"},
		{`{devices=[2]0,1}`, "tiled[2]/2"},
		{"{devices=[3]0 , /* a */ 1, // b\n 2}", "tiled[3]/3"},
		{"{devices=[3]0,999999999999999999, 000000000000000000001}", "tiled[3]/3"},
		{`{devices=[2,1]<=[2]}`, "tiled[2 1]/2"},
		{`{devices=[4,8]<=[8,4]T(1,0)}`, "tiled[4 8]/32"},
		{`{devices=[2,1,4]<=[2,2,2]T(1,0,2) last_tile_dim_replicate}`, "tiled[2 1]/8"},
		{`{last_tile_dim_replicate devices=[2,2]0,2,1,3}`, "tiled[2]/4"},
		{`{devices=[1,2,2,2]<=[8] last_tile_dims={manual, replicated}}`, "tiled[1 2]/8"},
		{`{devices=[2,2]<=[4] last_tile_dims={unreduced}}`, "tiled[2]/4"},
		{`{devices=[2]<=[2] shard_as 1}`, "tiled[2]/2"},
		{`{shard_like 0 devices=[2]<=[2]}`, "tiled[2]/2"},
		{`{devices=[2]0,1 metadata={op_name="a}b{" source_file='x}'}}`, "tiled[2]/2"},
		{`{devices=[2]0,1 metadata={{op_name="p"}, {op_type="{"}}}`, "tiled[2]/2"},
		{`{replicated metadata={op_name="jit(f)/x"}}`, "replicated"},
		{`{}`, "()"},
		{`{{replicated}}`, "(replicated)"},
		{`{{replicated}, {maximal device=0}, {devices=[2,1]<=[2]}, {manual}, {unknown}, /*index=5*/{devices=[2]1,0}}`,
			"(replicated, maximal, tiled[2 1]/2, manual, unknown, tiled[2]/2)"},
		{"{\n  {replicated}, // the first\n  {devices=[2]<=[2]}\n}", "(replicated, tiled[2]/2)"},
		{`{mesh['a'=2,'b'=4], [{'a'}, {'b':(2)2, ?}]}`, "tiled[2 2]/8"},
		{`{mesh[a=2,b=4], [{}, {b, a}], replicated={}}`, "tiled[1 8]/8"},
		{`{mesh['a'=2,'b'=4], [{0}, {1:(1)2}], unreduced={}, manual={}, metadata={op_name="m"}}`, "tiled[2 2]/8"},
		{`{mesh['x'=2,'y'=2], device_ids=(0,2,1,3), [{'x'}]}`, "tiled[2]/4"},
		{`{mesh['x'=2,'y'=2], device_ids=([2,2]T(1,0)), [{'y'}, {}]}`, "tiled[2 1]/4"},
		{`{mesh['a'=2,'b'=4], replicated}`, "replicated"},
		{`{mesh['a'=2,'b'=4], unreduced}`, "unreduced"},
		{`{mesh[], replicated}`, "replicated"},
		{`{mesh['a.b'=2,'<axis> def'=4], [{'a.b'}, {'<axis> def':(2)2}]}`, "tiled[2 2]/8"},
		{`{maximal_mesh[device_id=5]}`, "maximal"},
		{`{maximal_mesh[device_id=5], metadata={op_name="x"}}`, "maximal"},
		{`{{mesh['a'=2], [{'a'}]}, {maximal_mesh[device_id=0]}}`, "(tiled[2]/2, maximal)"},
		{`{mesh['x'=2,'y'=2], device_ids=([4]), [{'y'}, {'x'}], manual={}}`, "tiled[2 2]/4"},
	} {
		s, err := ParseHLO([]byte(c.in), nil)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if got := summary(s); got != c.want {
			t.Errorf("%s: got %s, want %s", c.in, got, c.want)
		}
		if want := strings.TrimSpace(c.in); s.Text != want {
			t.Errorf("%s: Text %q", c.in, s.Text)
		}
	}
}

func TestParseHLOLeafText(t *testing.T) {
	s, err := ParseHLO([]byte(`{{replicated}, /*index=1*/ {devices=[2]<=[2]}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.Elems[0].Text != "{replicated}" || s.Elems[1].Text != "{devices=[2]<=[2]}" {
		t.Errorf("leaf texts %q, %q", s.Elems[0].Text, s.Elems[1].Text)
	}
}

// TestTileShape checks the sizes that sizing derives from what ParseHLO
// reads: a device holds ceil(dim / tiles) of each data dimension.
func TestTileShape(t *testing.T) {
	for _, c := range []struct {
		sharding string
		dims     []int64
		want     string
	}{
		{`{devices=[2]<=[2]}`, []int64{16}, "[8]"},
		{`{replicated}`, []int64{16}, "[16]"},
		{`{devices=[2,1,4]<=[8] last_tile_dim_replicate}`, []int64{16, 3}, "[8 3]"},
		{`{devices=[4,1]<=[4]}`, []int64{10, 7}, "[3 7]"},
		{`{devices=[1,2,2,2]<=[8] last_tile_dims={manual, replicated}}`, []int64{5, 6}, "[5 3]"},
		{`{mesh['a'=2,'b'=4], [{'b':(2)2}, {'a', 'b':(1)2}]}`, []int64{8, 8}, "[4 2]"},
		{`{devices=[2,2]<=[4]}`, []int64{16}, "[16]"}, // rank differs: left as it is
		{`{maximal device=0}`, []int64{16}, "[16]"},
	} {
		s, err := ParseHLO([]byte(c.sharding), nil)
		if err != nil {
			t.Fatalf("%s: %v", c.sharding, err)
		}
		a := model.Array(model.F32, c.dims...)
		if got := fmt.Sprint(s.TileShape(&a).Dims); got != c.want {
			t.Errorf("f32%v sharded %s: got %s, want %s", c.dims, c.sharding, got, c.want)
		}
	}
}

func TestParseHLOErrors(t *testing.T) {
	for _, c := range []struct {
		in  string
		off int
		msg string
	}{
		{` `, 1, "expected '{' to start sharding attribute"},
		{`replicated`, 0, "expected '{' to start sharding attribute"},
		{`{replicated`, 11, "unexpected token"},
		{`{replicated} x`, 13, "extra content after sharding"},
		{`{unconstrained}`, 1, "unexpected token"},
		{`{devices=[2]0,1 [}`, 16, "unexpected token"},
		{`{devices=[2]0,1 /}`, 16, "unexpected token"},
		{`{devices=[2]0,1/`, 15, "unexpected token"},
		{`{devices=[2]0,}`, 14, "expects integer"},
		{`{devices=[3]0,-1,2}`, 14, "device -1 is negative in tile assignment"},
		{`{devices=[2]0,9999999999999999999}`, 14, "expects integer"},
		{`{devices=[2]0,1x}`, 15, "unexpected token"},
		{`{devices=[2]0, /* 1}`, 15, "unterminated comment"},
		{`{foo=1}`, 1, "unknown attribute in sharding: expected device=, devices= metadata= or last_tile_dims= "},
		{`{maximal device=x}`, 16, "device= attribute must be an integer"},
		{`{maximal}`, 1, "maximal shardings should have exactly one device assigned"},
		{`{replicated devices=[2]0,1}`, 1, "replicated shardings should not have any devices assigned"},
		{`{replicated maximal device=1}`, 1, "replicated shardings should not have any devices assigned"},
		{`{manual device=0}`, 1, "manual shardings should not have any devices assigned"},
		{`{ last_tile_dim_replicate }`, 2, "non-maximal shardings must have a tile assignment list including dimensions"},
		{`{devices=[2]0}`, 1, "non-maximal shardings must have more than one device assigned"},
		{`{devices=[2,2]0,1,2}`, 1, "the device list has 3 devices but the tile assignment dimensions have 4"},
		{`{devices=[2,2]<=[8]}`, 1, "the iota device list has 8 devices but the tile assignment dimensions have 4"},
		{`{devices=[2,2]<=[2,2]}`, 21, "expected 'T(' to start sharding devices iota_transpose_perm"},
		{`{devices=[2,2]<=[2,2]T 1}`, 21, "expected 'T(' to start sharding devices iota_transpose_perm"},
		{`{devices=[2,2]<=[2,2]T(0,2)}`, 25, "Out of range iota minor_to_major value 2, expecting value in range [0, 2)"},
		{`{devices=[2,2]<=[2,2]T(0)}`, 1, "iota_transpose_perm should have the same rank as iota_reshape_dims : expected 2, saw 1."},
		{`{devices=[2,2]<=[2,2]T(1,0}`, 26, "expected ')' to end sharding devices iota_transpose_perm"},
		{`{devices=2}`, 9, "expected '[' to start sharding devices shape"},
		{`{devices=[2,2}`, 13, "expected ']' to end sharding devices shape"},
		{`{devices=[0]<=[1]}`, 1, "the dimension 0 is not positive"},
		{`{devices=[2]-1,0}`, 12, "device -1 is negative in tile assignment"},
		{`{devices=[99999999999,99999999999]<=[1]}`, 1, "the number of devices overflows"},
		{`{devices=[2]99999999999999999999,1}`, 12, "expects integer"},
		{`{devices=[2,2]<=[4] last_tile_dim_replicate last_tile_dims={manual}}`, 1, "last_tile_dim_replicate and last_tile_dims cannot both be set"},
		{`{devices=[2]<=[2] last_tile_dims={manual, replicated}}`, 1, "the tile assignment has 1 dimensions, fewer than its 2 subgroup dimensions"},
		{`{devices=[2,2]<=[4] last_tile_dims={unknown}}`, 36, "expects a sharding type: maximal, replicated, manual or unreduced"},
		{`{replicated metadata=op}`, 21, "expects '{' to start sub attributes"},
		{`{replicated metadata={op_name="}`, 30, "unterminated string"},
		{`{replicated metadata={op_name="" {}`, 21, "expects '}' to end sub attributes"},
		{`{replicated /* no end}`, 12, "unterminated comment"},
		{`{{replicated} {manual}}`, 14, "expected '}' to end sharding attribute"},
		{`{{replicated}, manual}`, 15, "expected '{' to start sharding attribute"},
		{`{mesh('a'=2)}`, 5, "expected '[' after mesh"},
		{`{mesh['a'=2, 'a'=2], [{}]}`, 13, "Mesh has duplicate axis names. Duplicate axis name: a"},
		{`{mesh['a'=0], [{}]}`, 6, "axis size must be at least 1, got: 0"},
		{`{mesh['a'], [{}]}`, 9, "expects attribute name"},
		{`{mesh['a'=2], [{'b'}]}`, 16, "axis 'b' is not a valid axis name or index in mesh"},
		{`{mesh['a'=2], [{1}]}`, 16, "axis index 1 is out of bounds for mesh which has 1 axes"},
		{`{mesh['a'=4], [{?, 'a'}]}`, 19, "Saw axis ref after '?'"},
		{`{mesh['a'=4], [{'a':(3)2}]}`, 16, "sub-axis next pre-size 6 doesn't divide the size of the full axis 4: 'a':(3)2"},
		{`{mesh['a'=4], [{'a':(1)4}]}`, 16, "sub-axis size is equal to the full axis size: 'a':(1)4"},
		{`{mesh['a'=4], [{'a':(2)1}]}`, 16, "sub-axis sizes must be greater than 1: 'a':(2)1"},
		{`{mesh['a'=4], [{'a':(0)2}]}`, 16, "sub-axis pre-size must be at least 1: 'a':(0)2"},
		{`{mesh['a'=4], [{'a':(2 2}]}`, 23, "expected ')' after pre_size in sub axis"},
		{`{mesh['a'=2], device_ids=(0,1,2), [{}]}`, 26, "Expected 2 device_ids based on mesh axes, but got 3"},
		{`{mesh['a'=2], [{'a'}], foo={}}`, 23, "unknown attribute in named sharding: expected replicated, unreduced, manual or metadata"},
		{`{mesh['a'=2], [{'a'}] replicated={}}`, 22, "expected ',' before next attribute"},
		{`{mesh['a'=2], {'a'}}`, 14, "expects a list starting with kLsquare"},
		{`{maximal_mesh[device=1]}`, 14, "expected device_id= attribute in maximal_mesh"},
		{`{maximal_mesh[device_id=1}`, 25, "expected ']' to end maximal_mesh"},
		{`{maximal_mesh[device_id=1], foo}`, 28, "expects attribute name"},
	} {
		_, err := ParseHLO([]byte(c.in), nil)
		e, ok := err.(*Error)
		if !ok {
			t.Errorf("%s: got %v, want an *Error", c.in, err)
			continue
		}
		if e.Offset != c.off || e.Msg != c.msg {
			t.Errorf("%s: got %d: %s\n\twant %d: %s", c.in, e.Offset, e.Msg, c.off, c.msg)
		}
	}
}

// TestParseHLOHuge checks that a long explicit device list is counted,
// not kept: reading 65536 devices allocates no more than reading 1024,
// and the Sharding holds the tile counts and a cut Text.
func TestParseHLOHuge(t *testing.T) {
	allocs := func(n int) (float64, model.Sharding) {
		var b strings.Builder
		fmt.Fprintf(&b, "{devices=[%d,1]", n)
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprint(&b, i)
		}
		b.WriteString(" metadata={op_name=\"" + strings.Repeat("}", n) + "\"}}")
		in := []byte(b.String())
		var s model.Sharding
		a := testing.AllocsPerRun(3, func() {
			var err error
			if s, err = ParseHLO(in, nil); err != nil {
				t.Fatal(err)
			}
		})
		return a, s
	}
	small, _ := allocs(1 << 10)
	big, s := allocs(1 << 16)
	if summary(s) != "tiled[65536 1]/65536" || len(s.Text) != model.ShardingTextKeep {
		t.Errorf("%s, %d bytes of text", summary(s), len(s.Text))
	}
	if big > small {
		t.Errorf("%v allocations for 65536 devices, %v for 1024", big, small)
	}
}
