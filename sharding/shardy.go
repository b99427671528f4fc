package sharding

import (
	"bytes"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// ParseShardy reads a Shardy tensor sharding, `#sdy.sharding<@mesh, [{"x"}, {"y":(2)2, ?}p1], replicated={"z"}>`
// (with or without its `#sdy.sharding` prefix; an inline `mesh<[...]>` in
// place of `@mesh`), or a `#sdy.sharding_per_value<[<@mesh, [...]>, ...]>`,
// read as a tuple sharding of its values. Axes are sized from meshes; a
// dimension's tile count is the product of its axes' sizes (a sub-axis
// `"y":(m)k` counts k) and Devices is the mesh's size. A sharding on a
// maximal mesh (no axes, Devices 1) is maximal.
func ParseShardy(text []byte, meshes Meshes, release func(from, to int)) (model.Sharding, error) {
	return try(func() model.Sharding {
		p := &scanner{b: text, behind: ast.Behind{Release: release}}
		start := p.pos()
		s := model.Sharding{Kind: model.TupleSharding}
		if p.eatStr("#sdy.sharding_per_value") {
			p.delim('<', "")
			p.list('[', ']', func() { s.Elems = append(s.Elems, p.tensor(meshes)) })
			p.delim('>', "")
			s.Text = model.ShardingText(p.b[start:p.i])
		} else {
			s = p.tensor(meshes)
		}
		p.end("sharding")
		return s
	})
}

// tensor reads one TensorShardingAttr.
func (p *scanner) tensor(meshes Meshes) model.Sharding {
	start := p.pos()
	p.eatStr("#sdy.sharding")
	p.delim('<', "")
	var m Mesh
	if at := p.pos(); p.eat('@') {
		name := p.name("expected a mesh name after '@'")
		var ok bool
		if m, ok = meshes[string(name)]; !ok {
			p.fail(at, "unknown mesh: @%s", clip(name))
		}
	} else if p.eatStr("mesh") {
		m = p.mesh()
	} else {
		p.fail(at, "expecting MeshAttr or FlatSymbolRefAttr")
	}
	p.delim(',', "")
	s := model.Sharding{Kind: model.Tiled, Devices: m.Devices}
	p.list('[', ']', func() {
		s.Tiles = p.add(s.Tiles, p.dimSharding(&m))
		if w := p.peekWord(); len(w) > 0 {
			at := p.i
			p.i += len(w)
			if len(w) < 2 || w[0] != 'p' || len(bytes.Trim(w[1:], "0123456789")) > 0 {
				p.fail(at, "expecting priority in format 'p<number>', got: %s", clip(w))
			} else if len(w) > 2 && w[1] == '0' {
				p.fail(at, "priorities with leading zeros are not allowed, got: %s", clip(w))
			}
		}
	})
	for p.eat(',') {
		at, w := p.pos(), string(p.peekWord())
		p.i += len(w)
		switch {
		case w == "replicated":
			p.delim('=', "")
		case w == "unreduced":
			_ = p.eat('=') && (p.eatStr("sum") || p.eatStr("max") || p.eatStr("min"))
		default:
			p.fail(at, "failed to parse Sdy_TensorSharding, expected valid named axis list after comma")
		}
		p.dimSharding(&m)
	}
	p.delim('>', "")
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
func ParseMesh(text []byte, release func(from, to int)) (Mesh, error) {
	return try(func() Mesh {
		p := &scanner{b: text, behind: ast.Behind{Release: release}}
		p.eatStr("#sdy.mesh")
		m := p.mesh()
		p.end("mesh")
		return m
	})
}

// mesh reads a MeshAttr from its '<' through its '>'.
func (p *scanner) mesh() Mesh {
	p.delim('<', "")
	p.delim('[', "")
	m := p.axes(']', "duplicate axis name: \"%s\"")
	p.delim(']', "")
	ids := int64(-1)
	if p.eat(',') {
		if !p.attr("device_ids") {
			p.fail(p.i, "expected 'device_ids'")
		}
		ids = 0
		p.list('[', ']', func() {
			at := p.pos()
			if d := p.num(); d < 0 {
				p.fail(at, "device id must be non-negative, got: %d", d)
			}
			ids++
		})
	}
	at := p.pos()
	p.delim('>', "")
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
