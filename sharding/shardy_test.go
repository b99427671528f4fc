package sharding

import (
	"fmt"
	"strings"
	"testing"
)

func testMeshes(t *testing.T) Meshes {
	ms := Meshes{"hand": {Axes: []Axis{{"a", 4}}, Devices: 4}} // built without ParseMesh
	for name, text := range map[string]string{
		"mesh":    `<["x"=2, "y"=4, "z"=2]>`,
		"mesh 2":  `#sdy.mesh<["x"=8]>`,
		"maximal": `<[], device_ids=[3]>`,
		"empty":   `<[]>`,
	} {
		m, err := ParseMesh([]byte(text), nil)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		ms[name] = m
	}
	return ms
}

func TestParseShardy(t *testing.T) {
	ms := testMeshes(t)
	for _, c := range []struct{ in, want string }{
		{`#sdy.sharding<@mesh, [{"x"}, {"y":(2)2, ?}, {?}]>`, "tiled[2 2 1]/16"},
		{`<@mesh, [{}, {}]>`, "tiled[1 1]/16"},
		{`#sdy.sharding<@mesh, []>`, "tiled[]/16"},
		{`#sdy.sharding<@mesh, [{"x", "y"}p1, {"z", ?}p0]>`, "tiled[8 2]/16"},
		{`#sdy.sharding<@mesh, [{"y":(1)2}, {"y":(2)2}], replicated={"x"}, unreduced={"z"}>`, "tiled[2 2]/16"},
		{`#sdy.sharding<@mesh, [{"y"}], unreduced=max{"x"}>`, "tiled[4]/16"},
		{`#sdy.sharding<@mesh, [{"y"}], unreduced{"x", "z"}>`, "tiled[4]/16"},
		{`#sdy.sharding<@"mesh 2", [{"x"}]>`, "tiled[8]/8"},
		{`#sdy.sharding<@hand, [{"a"}, {}]>`, "tiled[4 1]/4"},
		{`#sdy.sharding<mesh<["a"=4]>, [{"a"}]>`, "tiled[4]/4"},
		{`#sdy.sharding<mesh<[], device_ids=[5]>, []>`, "maximal"},
		{`#sdy.sharding<@maximal, []>`, "maximal"},
		{`#sdy.sharding<@empty, [{}, {}]>`, "tiled[1 1]/0"},
		{"#sdy.sharding<@mesh,\n  [{\"x\"},\n   {}]>", "tiled[2 1]/16"},
		{`#sdy.sharding_per_value<[<@mesh, [{"x"}]>, <@maximal, []>, #sdy.sharding<@mesh, [{?}]>]>`, "(tiled[2]/16, maximal, tiled[1]/16)"},
		{`#sdy.sharding_per_value<[]>`, "()"},
	} {
		s, err := ParseShardy([]byte(c.in), ms, nil)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if got := summary(s); got != c.want {
			t.Errorf("%s: got %s, want %s", c.in, got, c.want)
		}
		if s.Text != c.in {
			t.Errorf("%s: Text %q", c.in, s.Text)
		}
	}
}

func TestParseShardyErrors(t *testing.T) {
	ms := testMeshes(t)
	for _, c := range []struct {
		in  string
		off int
		msg string
	}{
		{`#sdy.sharding<@nope, [{}]>`, 14, "unknown mesh: @nope"},
		{`#sdy.sharding<[{}]>`, 14, "expecting MeshAttr or FlatSymbolRefAttr"},
		{`#sdy.sharding<@mesh [{}]>`, 20, "expected ','"},
		{`#sdy.sharding<@mesh, [{"c"}]>`, 23, `unknown axis name: "c"`},
		{`#sdy.sharding<@hand, [{"c"}]>`, 23, `unknown axis name: "c"`},
		{`#sdy.sharding<@mesh, [{"x"}phigh]>`, 27, "expecting priority in format 'p<number>', got: phigh"},
		{`#sdy.sharding<@mesh, [{"x"}p01]>`, 27, "priorities with leading zeros are not allowed, got: p01"},
		{`#sdy.sharding<@mesh, [{"y":(3)2}]>`, 23, `sub-axis next pre-size 6 doesn't divide the size of the full axis 4: "y":(3)2`},
		{`#sdy.sharding<@mesh, [{"y":(2)1}]>`, 23, `sub-axis sizes must be greater than 1: "y":(2)1`},
		{`#sdy.sharding<@mesh, [{"y":(1)4}]>`, 23, `sub-axis size is equal to the full axis size: "y":(1)4`},
		{`#sdy.sharding<@mesh, [{?, "x"}]>`, 26, "Saw axis ref after '?'"},
		{`#sdy.sharding<@mesh, [{}, {}],>`, 30, "failed to parse Sdy_TensorSharding, expected valid named axis list after comma"},
		{`#sdy.sharding<@mesh, [{}], replicated{"x"}>`, 37, "expected '='"},
		{`#sdy.sharding<@mesh, [{}]`, 25, "expected '>'"},
		{`#sdy.sharding<@mesh, [{}]> x`, 27, "extra content after sharding"},
		{`#sdy.sharding_per_value<[<@mesh, []>`, 36, "expected ']'"},
		{`#sdy.sharding<mesh<["a"=2, "a"=2]>, []>`, 27, `duplicate axis name: "a"`},
	} {
		_, err := ParseShardy([]byte(c.in), ms, nil)
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

func TestParseMesh(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`<["x"=2, "y"=4]>`, "[{x 2} {y 4}]/8"},
		{`#sdy.mesh<["x"=2]>`, "[{x 2}]/2"},
		{`<["a"=2, "b"=2], device_ids=[0, 2, 1, 3]>`, "[{a 2} {b 2}]/4"},
		{`<[], device_ids=[3]>`, "[]/1"},
		{`<[]>`, "[]/0"},
		{` < [ "a b" = 3 ] > `, "[{a b 3}]/3"},
	} {
		m, err := ParseMesh([]byte(c.in), nil)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if got := fmt.Sprintf("%v/%d", m.Axes, m.Devices); got != c.want {
			t.Errorf("%s: got %s, want %s", c.in, got, c.want)
		}
	}
	for _, c := range []struct {
		in  string
		off int
		msg string
	}{
		{`<["a"=2, "b"=0]>`, 9, "axis size must be at least 1, got: 0"},
		{`<["a"=2, "b"=2, "a"=4]>`, 16, `duplicate axis name: "a"`},
		{`<["a"=2, "b"=2], device_ids=[0, 2, 1, 3, 4, 5]>`, 46, "total product of axis sizes must match total number of device ids, got: 4 != 6"},
		{`<[], device_ids=[-1]>`, 17, "device id must be non-negative, got: -1"},
		{`<[], device_ids=[1, 0]>`, 22, "axes is empty and device_ids has more than one element"},
		{`<[], ids=[0]>`, 5, "expected 'device_ids'"},
		{`<["a"]>`, 5, "expects attribute name"},
		{`<["a"=2]`, 8, "expected '>'"},
		{`<["a=2]>`, 2, "unterminated string"},
		{`<[]> {x}`, 5, "extra content after mesh"},
	} {
		_, err := ParseMesh([]byte(c.in), nil)
		if e, ok := err.(*Error); !ok || e.Offset != c.off || e.Msg != c.msg {
			t.Errorf("%s: got %v (%#v), want %d: %s", c.in, err, err, c.off, c.msg)
		}
	}
}

// TestShardyManyAxes checks that references resolve, in any order, on a
// mesh of many axes (ParseMesh indexes them by name).
func TestShardyManyAxes(t *testing.T) {
	const n = 1 << 12
	var mesh, ref strings.Builder
	mesh.WriteString("<[")
	ref.WriteString("#sdy.sharding<@m, [{")
	for i := range n {
		if i > 0 {
			mesh.WriteString(", ")
			ref.WriteString(", ")
		}
		fmt.Fprintf(&mesh, `"a%d"=1`, i)
		fmt.Fprintf(&ref, `"a%d"`, n-1-i)
	}
	mesh.WriteString("]>")
	ref.WriteString("}]>")
	m, err := ParseMesh([]byte(mesh.String()), nil)
	if err != nil || len(m.Axes) != n {
		t.Fatalf("%v, %d axes", err, len(m.Axes))
	}
	s, err := ParseShardy([]byte(ref.String()), Meshes{"m": m}, nil)
	if err != nil || summary(s) != "tiled[1]/1" {
		t.Fatalf("%s, %v", summary(s), err)
	}
}

// TestMessagesClipped checks that an error quoting the input quotes a
// window of it, however long the name.
func TestMessagesClipped(t *testing.T) {
	long := strings.Repeat("n", 1<<20)
	for _, in := range []string{
		`#sdy.sharding<@` + long + `, []>`,
		`#sdy.sharding<@mesh, [{"` + long + `"}]>`,
		`#sdy.sharding<@mesh, [{}p` + long + `x]>`,
		`#sdy.sharding<mesh<["` + long + `"=1, "` + long + `"=1]>, []>`,
	} {
		_, err := ParseShardy([]byte(in), testMeshes(t), nil)
		if err == nil || len(err.Error()) > 128 {
			t.Errorf("%.40s...: an error of %d bytes: %.80v", in, len(fmt.Sprint(err)), err)
		}
	}
	_, err := ParseHLO([]byte(`{mesh['a'=2], [{'`+long+`'}]}`), nil)
	if err == nil || len(err.Error()) > 128 {
		t.Errorf("an error of %d bytes", len(fmt.Sprint(err)))
	}
}

// TestDimsAllocations checks that reading a dimension allocates nothing
// of its own: 16384 dimensions allocate only as Tiles grows beyond 256.
func TestDimsAllocations(t *testing.T) {
	ms := testMeshes(t)
	for _, form := range []struct{ head, dim, tail string }{
		{`#sdy.sharding<@mesh, [`, `{"x", "y":(2)2, ?}p1, `, `{}]>`},
		{`{mesh['x'=2,'y'=4], [`, `{'x', 'y':(2)2, ?}, `, `{}], replicated={}}`},
	} {
		allocs := func(n int) float64 {
			in := []byte(form.head + strings.Repeat(form.dim, n) + form.tail)
			return testing.AllocsPerRun(3, func() {
				var err error
				if form.head[0] == '#' {
					_, err = ParseShardy(in, ms, nil)
				} else {
					_, err = ParseHLO(in, nil)
				}
				if err != nil {
					t.Fatal(err)
				}
			})
		}
		if small, big := allocs(1<<8), allocs(1<<14); big > small+16 {
			t.Errorf("%s...: %v allocations for 16384 dims, %v for 256", form.head, big, small)
		}
	}
}

// TestBoundedLists checks that what a reader keeps of a text is bounded:
// a list of dimensions or a mesh of more than maxList entries, or an axis
// name of more than maxName bytes, is an error, where the list is found
// too long.
func TestBoundedLists(t *testing.T) {
	ones := func(n int) string { return strings.TrimSuffix(strings.Repeat("1,", n), ",") }
	axes := func(n int) string {
		var b strings.Builder
		for i := range n {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, `"a%d"=1`, i)
		}
		return b.String()
	}
	for _, c := range []struct {
		read func() error
		msg  string
	}{
		{func() error { _, err := ParseHLO([]byte("{devices=["+ones(maxList+1)+"]0}"), nil); return err }, "a sharding of more than 65536 dimensions is not supported"},
		{func() error { _, err := ParseHLO([]byte("{devices=[1]<=["+ones(maxList+1)+"]}"), nil); return err }, "a sharding of more than 65536 dimensions is not supported"},
		{func() error { _, err := ParseMesh([]byte("<["+axes(maxList+1)+"]>"), nil); return err }, "a mesh of more than 65536 axes is not supported"},
		{func() error {
			_, err := ParseMesh([]byte(`<["`+strings.Repeat("x", maxName+1)+`"=2]>`), nil)
			return err
		}, "an axis name of more than 1024 bytes is not supported"},
	} {
		if err := c.read(); err == nil || err.Error() != c.msg {
			t.Errorf("got %v, want %q", err, c.msg)
		}
	}
	if _, err := ParseHLO([]byte("{devices=["+ones(maxList)+"]0}"), nil); err != nil && strings.Contains(err.Error(), "not supported") {
		t.Errorf("%d dimensions: %v", maxList, err) // XLA's checks may fail it, not the bound
	}
}

// TestReadersRelease checks that the readers tell their release of the
// text they read, a step at a time, in ranges that follow each other and
// reach near the text's end.
func TestReadersRelease(t *testing.T) {
	devices := "{devices=[" + fmt.Sprint(3<<20/8) + ",1]" + strings.TrimSuffix(strings.Repeat("1234567,", 3<<20/8), ",") + "}"
	for name, read := range map[string]func([]byte, func(int, int)) error{
		"ParseHLO":  func(b []byte, r func(int, int)) error { _, err := ParseHLO(b, r); return err },
		"ParseMesh": func(b []byte, r func(int, int)) error { _, err := ParseMesh(b, r); return err },
	} {
		text := []byte(devices)
		if name == "ParseMesh" {
			text = []byte(`<["x"=2], device_ids=[` + strings.TrimSuffix(strings.Repeat("1234567,", 3<<20/8), ",") + `]>`)
		}
		end := 0
		err := read(text, func(from, to int) {
			if from != end && end != 0 || to <= from {
				t.Errorf("%s: release(%d, %d) after %d", name, from, to, end)
			}
			end = to
		})
		if end < len(text)-2<<20 {
			t.Errorf("%s: released up to %d of %d bytes (%v)", name, end, len(text), err)
		}
	}
}
