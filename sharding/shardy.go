package sharding

import (
	"strings"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// ParseShardy reads a Shardy tensor sharding, `#sdy.sharding<@mesh, [{"x"}, {"y":(2)2, ?}p1], replicated={"z"}>`
// (with or without its `#sdy.sharding` prefix; an inline `mesh<[...]>` in
// place of `@mesh`), or a `#sdy.sharding_per_value<[<@mesh, [...]>, ...]>`,
// read as a tuple sharding of its values. Axes are sized from meshes; a
// dimension's tile count is the product of its axes' sizes (a sub-axis
// `"y":(m)k` counts k) and Devices is the mesh's size. A sharding on a
// maximal mesh is maximal.
func ParseShardy(text []byte, meshes Meshes) (model.Sharding, error) {
	return try(func() model.Sharding {
		p := &scanner{b: text}
		start := p.pos()
		if !p.eatStr("#sdy.sharding_per_value") {
			s := p.tensor(meshes)
			p.end("sharding")
			return s
		}
		t := model.Sharding{Kind: model.TupleSharding}
		p.expect('<', "expected '<'")
		p.expect('[', "expected '['")
		for !p.at(']') {
			t.Elems = append(t.Elems, p.tensor(meshes))
			if !p.eat(',') {
				break
			}
		}
		p.expect(']', "expected ']'")
		p.expect('>', "expected '>'")
		p.end("sharding")
		t.Text = model.ShardingText(p.b[start:p.i])
		return t
	})
}

// tensor reads one TensorShardingAttr.
func (p *scanner) tensor(meshes Meshes) model.Sharding {
	start := p.pos()
	p.eatStr("#sdy.sharding")
	p.expect('<', "expected '<'")
	var m Mesh
	if at := p.pos(); p.eat('@') {
		name := p.name("expected a mesh name after '@'")
		var ok bool
		if m, ok = meshes[name]; !ok {
			p.fail(at, "unknown mesh: @%s", name)
		}
	} else if p.peekWord() == "mesh" {
		p.i += len("mesh")
		m = p.mesh()
	} else {
		p.fail(at, "expecting MeshAttr or FlatSymbolRefAttr")
	}
	p.expect(',', "expected ','")
	s := model.Sharding{Kind: model.Tiled, Devices: m.Devices}
	p.expect('[', "expected '['")
	for !p.at(']') {
		s.Tiles = append(s.Tiles, p.dimSharding(&m, false))
		if w := p.peekWord(); w != "" {
			at := p.i
			p.i += len(w)
			if len(w) < 2 || w[0] != 'p' || strings.Trim(w[1:], "0123456789") != "" {
				p.fail(at, "expecting priority in format 'p<number>', got: %s", w)
			}
			if len(w) > 2 && w[1] == '0' {
				p.fail(at, "priorities with leading zeros are not allowed, got: %s", w)
			}
		}
		if !p.eat(',') {
			break
		}
	}
	p.expect(']', "expected ']'")
	for p.eat(',') {
		at := p.pos()
		switch p.peekWord() {
		case "replicated":
			p.i += len("replicated")
			p.expect('=', "expected '='")
		case "unreduced":
			p.i += len("unreduced")
			if p.eat('=') {
				if w := p.peekWord(); w == "sum" || w == "max" || w == "min" {
					p.i += len(w)
				}
			}
		default:
			p.fail(at, "failed to parse Sdy_TensorSharding, expected valid named axis list after comma")
		}
		p.dimSharding(&m, false)
	}
	p.expect('>', "expected '>'")
	if len(m.Axes) == 0 && m.Devices == 1 {
		s = model.Sharding{Kind: model.Maximal}
	}
	s.Text = model.ShardingText(p.b[start:p.i])
	return s
}

// ParseMesh reads a Shardy mesh attribute, `<["x"=2, "y"=4]>` or
// `#sdy.mesh<["x"=2]>`, optionally with `device_ids=[...]` (counted, not
// kept); `<[], device_ids=[3]>` is a maximal mesh (Devices 1) and `<[]>`
// the empty mesh (Devices 0).
func ParseMesh(text []byte) (Mesh, error) {
	return try(func() Mesh {
		p := &scanner{b: text}
		p.eatStr("#sdy.mesh")
		m := p.mesh()
		p.end("mesh")
		return m
	})
}

// mesh reads a MeshAttr from its '<' to its '>'.
func (p *scanner) mesh() Mesh {
	p.expect('<', "expected '<'")
	p.expect('[', "expected '['")
	m := p.meshAxes(']', "duplicate axis name: \"%s\"")
	p.expect(']', "expected ']'")
	ids := int64(-1)
	if p.eat(',') {
		if !p.isAttr("device_ids") {
			p.fail(p.i, "expected 'device_ids'")
		}
		p.i += len("device_ids=")
		p.expect('[', "expected '['")
		for ids = 0; !p.at(']'); {
			at := p.pos()
			if d := p.num(); d < 0 {
				p.fail(at, "device id must be non-negative, got: %d", d)
			}
			if ids++; !p.eat(',') {
				break
			}
		}
		p.expect(']', "expected ']'")
	}
	at := p.i
	p.expect('>', "expected '>'")
	switch {
	case len(m.Axes) == 0 && ids > 1:
		p.fail(at, "axes is empty and device_ids has more than one element")
	case len(m.Axes) == 0 && ids < 1:
		m.Devices = 0
	case len(m.Axes) > 0 && ids >= 0 && ids != m.Devices:
		p.fail(at, "total product of axis sizes must match total number of device ids, got: %d != %d", m.Devices, ids)
	}
	return m
}
