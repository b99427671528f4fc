package sharding

import (
	"fmt"
	"strconv"
	"strings"

	"google.golang.org/protobuf/encoding/protowire"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// FromProto reads an OpSharding message's wire bytes as XLA's
// HloSharding::FromProto does, in one pass: fields in any order, a scalar
// written twice is its last value, a repeated field (packed or not) the
// concatenation of all, unknown fields and groups skipped. The device
// list is counted, not kept. Text is the sharding printed as HloSharding
// text, `{devices=[2,1]<=[2]}`, so that messages read the same whatever
// the encoding. A sharding in the newer named_sharding field (14) is not
// read: it is an error.
func FromProto(b []byte) (model.Sharding, error) {
	return try(func() model.Sharding { return (&scanner{b: b}).opSharding(0, len(b), 0) })
}

// opSharding holds what FromProto reads of one OpSharding.
type opSharding struct {
	typ, replLast       uint64
	dims, reshape, perm []int64
	groups              []uint64
	devices             int64
	first               []int64 // the first devices, for Text
	elems               []model.Sharding
}

// opSharding reads the OpSharding in p.b[start:end], nested depth deep.
func (p *scanner) opSharding(start, end, depth int) model.Sharding {
	if depth > 100 {
		p.fail(start, "OpSharding nested too deeply")
	}
	var o opSharding
	for i := start; i < end; {
		num, typ, n := protowire.ConsumeTag(p.b[i:end])
		p.wire(i, n)
		at := i
		i += n
		b := p.b[i:end]
		switch {
		case num == 1 && typ == protowire.VarintType:
			o.typ, n = protowire.ConsumeVarint(b)
		case num == 6 && typ == protowire.VarintType:
			o.replLast, n = protowire.ConsumeVarint(b)
		case num == 5 && typ == protowire.BytesType:
			var v []byte
			v, n = protowire.ConsumeBytes(b)
			p.wire(i, n)
			o.elems = append(o.elems, p.opSharding(i+n-len(v), i+n, depth+1))
		case num == 14 && typ == protowire.BytesType:
			p.fail(at, "OpSharding.named_sharding is not read")
		case (num == 3 || num == 4 || num == 8 || num == 9 || num == 10) &&
			(typ == protowire.VarintType || typ == protowire.BytesType):
			n = p.ints(b, i, typ, func(v uint64) {
				switch num {
				case 3:
					o.dims = append(o.dims, int64(v))
				case 4:
					if o.devices++; len(o.first) < 64 {
						o.first = append(o.first, int64(v))
					}
				case 8:
					o.groups = append(o.groups, v)
				case 9:
					o.reshape = append(o.reshape, int64(v))
				case 10:
					o.perm = append(o.perm, int64(v))
				}
			})
		default:
			n = protowire.ConsumeFieldValue(num, typ, b)
		}
		p.wire(i, n)
		i += n
	}
	s := p.build(&o, start)
	s.Text = o.text(&s)
	return s
}

// wire fails at at when n is a protowire error.
func (p *scanner) wire(at, n int) {
	if n < 0 {
		p.fail(at, "%v", protowire.ParseError(n))
	}
}

// ints calls f with each value of a repeated integer field written at at,
// one varint or a packed run, and returns the bytes it took.
func (p *scanner) ints(b []byte, at int, typ protowire.Type, f func(uint64)) int {
	if typ == protowire.VarintType {
		v, n := protowire.ConsumeVarint(b)
		if n > 0 {
			f(v)
		}
		return n
	}
	run, n := protowire.ConsumeBytes(b)
	p.wire(at, n)
	for j := 0; j < len(run); {
		v, m := protowire.ConsumeVarint(run[j:])
		p.wire(at+n-len(run)+j, m)
		f(v)
		j += m
	}
	return n
}

// protoKinds are the OpSharding types that carry nothing but their kind.
var protoKinds = map[uint64]model.ShardingKind{0: model.Replicated, 4: model.Manual, 5: model.UnknownSharding, 6: model.Unreduced}

// build checks o as HloSharding::FromProto does and sizes it.
func (p *scanner) build(o *opSharding, at int) model.Sharding {
	switch o.typ {
	case 0, 4, 5, 6:
		return model.Sharding{Kind: protoKinds[o.typ]}
	case 1:
		if o.devices != 1 {
			p.fail(at, "Maximal sharding is expected to have single device assignment, but %d has provided.", o.devices)
		}
		return model.Sharding{Kind: model.Maximal}
	case 2:
		return model.Sharding{Kind: model.TupleSharding, Elems: o.elems}
	case 3:
	default:
		p.fail(at, "unknown OpSharding type %d", o.typ)
	}
	iota := len(o.reshape) > 0
	switch {
	case iota && o.devices > 0:
		p.fail(at, "OpSharding has both tile_assignment_devices and iota_reshape_dims")
	case iota && len(o.perm) != len(o.reshape):
		p.fail(at, "iota_transpose_perm should have the same rank as iota_reshape_dims : expected %d, saw %d.", len(o.reshape), len(o.perm))
	case !iota && o.devices == 0:
		p.fail(at, "OpSharding of type OTHER has neither tile_assignment_devices nor iota_reshape_dims")
	case !iota && o.devices == 1 || iota && p.product(o.reshape, at) == 1:
		return model.Sharding{Kind: model.Replicated}
	case len(o.dims) == 0:
		p.fail(at, "OpSharding of type OTHER has no tile_assignment_dimensions")
	case len(o.groups) > 0 && o.replLast != 0:
		p.fail(at, "OpSharding has both replicate_on_last_tile_dim and last_tile_dims")
	}
	prod, devices := p.product(o.dims, at), o.devices
	if iota {
		devices = p.product(o.reshape, at)
	}
	if prod != devices {
		p.fail(at, "the tile assignment dimensions have %d devices, the device list %d", prod, devices)
	}
	groups := len(o.groups)
	if o.replLast != 0 {
		groups = 1
	}
	if groups > len(o.dims) {
		p.fail(at, "the tile assignment has %d dimensions, fewer than its %d subgroup dimensions", len(o.dims), groups)
	}
	return model.Sharding{Kind: model.Tiled, Tiles: o.dims[:len(o.dims)-groups], Devices: prod}
}

// product is the product of dims, which must be positive.
func (p *scanner) product(dims []int64, at int) int64 {
	n := int64(1)
	for _, d := range dims {
		if d < 1 {
			p.fail(at, "the dimension %d is not positive", d)
		}
		n = p.mul(n, d, at)
	}
	return n
}

// text prints s, read from o, as HloSharding text, cut as Sharding.Text is.
func (o *opSharding) text(s *model.Sharding) string {
	var b strings.Builder
	add := func(parts ...string) {
		for _, x := range parts {
			if b.Len() <= model.ShardingTextKeep {
				b.WriteString(x)
			}
		}
	}
	list := func(v []int64, sep string) {
		for i, x := range v {
			if i > 0 {
				add(sep)
			}
			add(strconv.FormatInt(x, 10))
		}
	}
	switch s.Kind {
	case model.TupleSharding:
		add("{")
		for i := range s.Elems {
			if i > 0 {
				add(", ")
			}
			add(s.Elems[i].Text)
		}
		add("}")
	case model.Maximal:
		add("{maximal device=", strconv.FormatInt(o.first[0], 10), "}")
	case model.Tiled:
		add("{devices=[")
		list(o.dims, ",")
		add("]")
		if len(o.reshape) > 0 {
			add("<=[")
			list(o.reshape, ",")
			add("]")
			if len(o.reshape) > 1 {
				add("T(")
				list(o.perm, ",")
				add(")")
			}
		} else {
			list(o.first, ",")
			if o.devices > int64(len(o.first)) {
				add(",...")
			}
		}
		if o.replLast != 0 {
			add(" last_tile_dim_replicate")
		}
		for i, g := range o.groups {
			if i == 0 {
				add(" last_tile_dims={")
			} else {
				add(", ")
			}
			add(groupName(g))
		}
		if len(o.groups) > 0 {
			add("}")
		}
		add("}")
	default:
		add("{", s.Kind.String(), "}")
	}
	return model.ShardingText([]byte(b.String()))
}

// groupName is the text of a last_tile_dims type.
func groupName(t uint64) string {
	switch t {
	case 0:
		return "replicated"
	case 1:
		return "maximal"
	case 4:
		return "manual"
	case 6:
		return "unreduced"
	}
	return fmt.Sprint(t)
}
