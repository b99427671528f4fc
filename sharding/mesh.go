package sharding

import "github.com/mhlo-alias/mhlo-alias/model"

// size is the size of m's axis called name.
func (m *Mesh) size(name string) (int64, bool) {
	if m.index != nil {
		i, ok := m.index[name]
		if !ok {
			return 0, false
		}
		return m.Axes[i].Size, true
	}
	for _, a := range m.Axes {
		if a.Name == name {
			return a.Size, true
		}
	}
	return 0, false
}

// meshAxes reads a mesh's `name=size, ...` up to close; dup is the
// message (with the name) for an axis written twice. Devices is the
// product of the sizes.
func (p *scanner) meshAxes(close byte, dup string) Mesh {
	m := Mesh{Devices: 1, index: map[string]int{}}
	for !p.at(close) {
		at := p.pos()
		name := p.name("expects attribute name")
		p.expect('=', "expects attribute name")
		size := p.num()
		if size < 1 {
			p.fail(at, "axis size must be at least 1, got: %d", size)
		}
		if _, ok := m.index[name]; ok {
			p.fail(at, dup, name)
		}
		m.index[name] = len(m.Axes)
		m.Axes = append(m.Axes, Axis{name, size})
		m.Devices = p.mul(m.Devices, size, at)
		if !p.eat(',') {
			break
		}
	}
	return m
}

// axisRef reads a reference to an axis of m, `name` or the sub-axis
// `name:(pre)size`, and returns the number of devices it spans. The HLO
// named form (hlo) may also name an axis by its index.
func (p *scanner) axisRef(m *Mesh, hlo bool) int64 {
	at := p.pos()
	var size int64
	if hlo && p.digitNext() {
		i := p.num()
		if i < 0 || i >= int64(len(m.Axes)) {
			p.fail(at, "axis index %d is out of bounds for mesh which has %d axes", i, len(m.Axes))
		}
		size = m.Axes[i].Size
	} else {
		name := p.name("expects axis name")
		var ok bool
		if size, ok = m.size(name); !ok && hlo {
			p.fail(at, "axis '%s' is not a valid axis name or index in mesh", name)
		} else if !ok {
			p.fail(at, "unknown axis name: \"%s\"", name)
		}
	}
	if !p.eat(':') {
		return size
	}
	p.expect('(', "expected '(' to start sub-axis")
	pre := p.num()
	p.expect(')', "expected ')' after pre_size in sub axis")
	k := p.num()
	ref := p.b[at:p.i]
	switch {
	case pre < 1:
		p.fail(at, "sub-axis pre-size must be at least 1: %s", ref)
	case k <= 1:
		p.fail(at, "sub-axis sizes must be greater than 1: %s", ref)
	case size%pre != 0 || size/pre%k != 0:
		p.fail(at, "sub-axis next pre-size %d doesn't divide the size of the full axis %d: %s", p.mul(pre, k, at), size, ref)
	case k == size:
		p.fail(at, "sub-axis size is equal to the full axis size: %s", ref)
	}
	return k
}

// dimSharding reads a list of axes, `{a, b:(2)2, ?}`, and returns the
// number of devices they span together.
func (p *scanner) dimSharding(m *Mesh, hlo bool) int64 {
	p.expect('{', "expects a list starting with kLbrace")
	n := int64(1)
	for !p.at('}') {
		if p.eat('?') {
			if p.at(',') {
				p.fail(p.i, "Saw axis ref after '?'")
			}
			break
		}
		at := p.pos()
		n = p.mul(n, p.axisRef(m, hlo), at)
		if !p.eat(',') {
			break
		}
	}
	p.expect('}', "expects a list to end with kRbrace")
	return n
}

// named reads XLA's named sharding from after its '{' to its '}':
// `mesh['a'=2,'b'=4], [{'a'}, {'b':(2)2, ?}], replicated={'c'}`,
// `mesh['a'=2], replicated` or `maximal_mesh[device_id=3]`.
func (p *scanner) named() model.Sharding {
	if p.word("") == "maximal_mesh" {
		p.expect('[', "expected '[' after maximal_mesh")
		if !p.isAttr("device_id") {
			p.fail(p.i, "expected device_id= attribute in maximal_mesh")
		}
		p.i += len("device_id=")
		p.device()
		p.expect(']', "expected ']' to end maximal_mesh")
		p.namedEnd()
		return model.Sharding{Kind: model.Maximal}
	}
	p.expect('[', "expected '[' after mesh")
	m := p.meshAxes(']', "Mesh has duplicate axis names. Duplicate axis name: %s")
	p.expect(']', "expected ']' to end mesh axes")
	if p.eat(',') && p.isAttr("device_ids") {
		p.i += len("device_ids=")
		p.expect('(', "expected '(' for device_ids")
		at, n := p.pos(), int64(0)
		if p.at('[') {
			n, _, _ = p.iota()
		} else if !p.at(')') {
			for n = 1; ; n++ {
				p.device()
				if !p.eat(',') {
					break
				}
			}
		}
		if n != m.Devices {
			p.fail(at, "Expected %d device_ids based on mesh axes, but got %d", m.Devices, n)
		}
		p.expect(')', "expected ')' to end device_ids")
		p.eat(',')
	}
	s := model.Sharding{Kind: model.Tiled, Devices: m.Devices}
	if w := p.peekWord(); (w == "replicated" || w == "unreduced" || w == "manual") && !p.isAttr(w) {
		p.i += len(w)
		p.namedEnd()
		return model.Sharding{Kind: kinds[w]}
	}
	p.expect('[', "expects a list starting with kLsquare")
	for !p.at(']') {
		s.Tiles = append(s.Tiles, p.dimSharding(&m, true))
		if !p.eat(',') {
			break
		}
	}
	p.expect(']', "expects a list to end with kRsquare")
	for !p.at('}') {
		p.expect(',', "expected ',' before next attribute")
		at := p.pos()
		switch w := p.word("expects attribute name"); {
		case p.i >= len(p.b) || p.b[p.i] != '=':
			p.fail(at, "expects attribute name")
		case w == "replicated" || w == "unreduced" || w == "manual":
			p.i++
			p.dimSharding(&m, true)
		case w == "metadata":
			p.i++
			p.skipBraces()
		default:
			p.fail(at, "unknown attribute in named sharding: expected replicated, unreduced, manual or metadata")
		}
	}
	p.i++
	return s
}

// namedEnd reads an optional `, metadata={...}` and the closing '}'.
func (p *scanner) namedEnd() {
	if p.eat(',') {
		if !p.isAttr("metadata") {
			p.fail(p.i, "expects attribute name")
		}
		p.i += len("metadata=")
		p.skipBraces()
	}
	p.expect('}', "expected '}' to end sharding attribute")
}
