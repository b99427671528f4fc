package sharding

import (
	"fmt"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// size is the size of m's axis called name.
func (m *Mesh) size(name []byte) (int64, bool) {
	i, ok := m.index[string(name)]
	for j := 0; m.index == nil && !ok && j < len(m.Axes); j++ {
		i, ok = j, m.Axes[j].Name == string(name)
	}
	if !ok {
		return 0, false
	}
	return m.Axes[i].Size, true
}

// axes reads a mesh's `name=size, ...` up to close; dup is the message
// (with the name) for an axis written twice.
func (p *scanner) axes(close byte, dup string) Mesh {
	m := Mesh{Devices: 1, index: map[string]int{}}
	if p.at(close) {
		return m
	}
	p.commas(func() {
		at, name := p.pos(), p.name("expects attribute name")
		if len(name) > maxName {
			p.fail(at, "an axis name of more than %d bytes is not supported", maxName)
		}
		p.expect('=', "expects attribute name")
		size := p.num()
		if size < 1 {
			p.fail(at, "axis size must be at least 1, got: %d", size)
		}
		if _, ok := m.index[string(name)]; ok {
			p.fail(at, dup, clip(name))
		}
		if len(m.Axes) == maxList {
			p.fail(at, "a mesh of more than %d axes is not supported", maxList)
		}
		m.Axes = append(m.Axes, Axis{string(name), size})
		m.index[m.Axes[len(m.Axes)-1].Name] = len(m.Axes) - 1
		m.Devices = p.product([]int64{m.Devices, size}, at)
	})
	return m
}

// axisRef reads a reference to an axis of m, `name` or the sub-axis
// `name:(pre)size`, and returns the number of devices it spans. The HLO
// named form (p.comments) may also name an axis by its index.
func (p *scanner) axisRef(m *Mesh) int64 {
	at := p.pos()
	var size int64
	if p.comments && p.digitNext() {
		i := p.num()
		if i < 0 || i >= int64(len(m.Axes)) {
			p.fail(at, "axis index %d is out of bounds for mesh which has %d axes", i, len(m.Axes))
		}
		size = m.Axes[i].Size
	} else {
		name := p.name("expects axis name")
		var ok bool
		if size, ok = m.size(name); !ok && p.comments {
			p.fail(at, "axis '%s' is not a valid axis name or index in mesh", clip(name))
		} else if !ok {
			p.fail(at, "unknown axis name: \"%s\"", clip(name))
		}
	}
	if !p.eat(':') {
		return size
	}
	p.expect('(', "expected '(' to start sub-axis")
	pre := p.num()
	p.expect(')', "expected ')' after pre_size in sub axis")
	k := p.num()
	msg := ""
	switch {
	case pre < 1:
		msg = "sub-axis pre-size must be at least 1"
	case k <= 1:
		msg = "sub-axis sizes must be greater than 1"
	case size%pre != 0 || size/pre%k != 0:
		msg = fmt.Sprintf("sub-axis next pre-size %d doesn't divide the size of the full axis %d", p.product([]int64{pre, k}, at), size)
	case k == size:
		msg = "sub-axis size is equal to the full axis size"
	}
	if msg != "" {
		p.fail(at, "%s: %s", msg, clip(p.b[at:p.i]))
	}
	return k
}

// dimSharding reads a list of axes of m, `{a, b:(2)2, ?}`, and returns
// the number of devices they span together.
func (p *scanner) dimSharding(m *Mesh) int64 {
	n := int64(1)
	p.delim('{', "expects a list starting with ")
	for !p.at('}') {
		if p.eat('?') {
			if p.eat(',') {
				p.fail(p.pos(), "Saw axis ref after '?'")
			}
			break
		}
		at := p.pos()
		if n = p.product([]int64{n, p.axisRef(m)}, at); !p.eat(',') {
			break
		}
	}
	p.delim('}', "expects a list to end with ")
	return n
}

// named reads XLA's named sharding from after its '{' through its '}':
// `mesh['a'=2,'b'=4], [{'a'}, {'b':(2)2, ?}], replicated={'c'}`,
// `mesh['a'=2], replicated` or `maximal_mesh[device_id=3]`.
func (p *scanner) named() model.Sharding {
	if string(p.word("")) == "maximal_mesh" {
		p.expect('[', "expected '[' after maximal_mesh")
		if !p.attr("device_id") {
			p.fail(p.i, "expected device_id= attribute in maximal_mesh")
		}
		p.device()
		p.expect(']', "expected ']' to end maximal_mesh")
		p.namedEnd()
		return model.Sharding{Kind: model.Maximal}
	}
	p.expect('[', "expected '[' after mesh")
	m := p.axes(']', "Mesh has duplicate axis names. Duplicate axis name: %s")
	p.expect(']', "expected ']' to end mesh axes")
	if p.eat(',') && p.attr("device_ids") {
		p.expect('(', "expected '(' for device_ids")
		at, t := p.pos(), tiling{}
		if p.at('[') {
			p.iota(&t)
			t.devices = p.product(t.reshape, at)
		} else if !p.at(')') {
			p.commas(func() { t.devices++; p.device() })
		}
		if t.devices != m.Devices {
			p.fail(at, "Expected %d device_ids based on mesh axes, but got %d", m.Devices, t.devices)
		}
		p.expect(')', "expected ')' to end device_ids")
		p.eat(',')
	}
	if w := string(p.peekWord()); w == "replicated" || w == "unreduced" || w == "manual" {
		p.i += len(w)
		p.namedEnd()
		return model.Sharding{Kind: kinds[w]}
	}
	s := model.Sharding{Kind: model.Tiled, Devices: m.Devices}
	p.list('[', ']', func() { s.Tiles = p.add(s.Tiles, p.dimSharding(&m)) })
	for !p.at('}') {
		p.expect(',', "expected ',' before next attribute")
		at := p.pos()
		switch w := string(p.word("expects attribute name")); {
		case !p.eat('='):
			p.fail(at, "expects attribute name")
		case w == "replicated" || w == "unreduced" || w == "manual":
			p.dimSharding(&m)
		case w == "metadata":
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
		if !p.attr("metadata") {
			p.fail(p.i, "expects attribute name")
		}
		p.skipBraces()
	}
	p.expect('}', "expected '}' to end sharding attribute")
}
