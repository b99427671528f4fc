package sharding

import (
	"fmt"
	"strings"

	"google.golang.org/protobuf/encoding/protowire"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// FromProto reads an OpSharding message's wire bytes as XLA's
// HloSharding::FromProto does, in one pass: fields in any order, a scalar
// written twice is its last value, a repeated field (packed or not) the
// concatenation of all, unknown fields and groups skipped. The device
// list is counted, not kept. Text is the sharding printed as HloSharding
// text, `{devices=[2,1]<=[2]}`, so that messages read the same whatever
// the encoding. A sharding in the newer named_sharding field (14) is not
// read: it is an error. release is as ParseHLO's.
func FromProto(b []byte, release func(from, to int)) (model.Sharding, error) {
	return try(func() model.Sharding {
		return (&scanner{b: b, behind: ast.Behind{Release: release}}).opSharding(0, len(b), 0)
	})
}

// protoKinds are the kinds of OpSharding's types.
var protoKinds = map[uint64]model.ShardingKind{0: model.Replicated, 1: model.Maximal, 2: model.TupleSharding,
	3: model.Tiled, 4: model.Manual, 5: model.UnknownSharding, 6: model.Unreduced}

// opSharding reads the OpSharding in p.b[start:end], nested depth deep.
func (p *scanner) opSharding(start, end, depth int) model.Sharding {
	if depth > 100 {
		p.fail(start, "OpSharding nested too deeply")
	}
	var (
		typ   uint64
		t     tiling
		elems []model.Sharding
	)
	lists := map[protowire.Number]*[]int64{3: &t.dims, 8: &t.groups, 9: &t.reshape, 10: &t.perm}
	for i := start; i < end; {
		p.passed(i)
		num, wt, n := protowire.ConsumeTag(p.b[i:end])
		at := i
		i += p.wire(i, n)
		b := p.b[i:end]
		var v uint64
		switch list := lists[num]; {
		case wt == protowire.VarintType && (num == 1 || num == 6):
			v, n = protowire.ConsumeVarint(b)
			if num == 1 {
				typ = v
			} else {
				t.replicateLast = v != 0
			}
		case wt == protowire.BytesType && num == 5:
			var m []byte
			m, n = protowire.ConsumeBytes(b)
			elems = append(elems, p.opSharding(i+p.wire(i, n)-len(m), i+n, depth+1))
		case wt == protowire.BytesType && num == 14:
			p.fail(at, "OpSharding.named_sharding is not read")
		case (wt == protowire.VarintType || wt == protowire.BytesType) && (list != nil || num == 4):
			n = p.ints(b, i, wt, func(v int64) {
				if list != nil {
					*list = p.add(*list, v)
				} else if t.devices++; len(t.first) < 64 {
					t.first = append(t.first, v)
				}
			})
		default:
			n = protowire.ConsumeFieldValue(num, wt, b)
		}
		i += p.wire(i, n)
	}
	s := model.Sharding{Kind: protoKinds[typ]}
	switch typ {
	case 0, 4, 5, 6:
	case 1:
		if t.devices != 1 {
			p.fail(start, "Maximal sharding is expected to have single device assignment, but %d has provided.", t.devices)
		}
	case 2:
		s.Elems = elems
	case 3:
		switch iota := len(t.reshape) > 0; {
		case iota && t.devices > 0:
			p.fail(start, "OpSharding has both tile_assignment_devices and iota_reshape_dims")
		case len(t.perm) != len(t.reshape):
			p.tiled(&t, start) // fails, in the text reader's words
		case iota && p.product(t.reshape, start) == 1 || !iota && t.devices == 1:
			s.Kind = model.Replicated
		default:
			s = p.tiled(&t, start)
		}
	default:
		p.fail(start, "unknown OpSharding type %d", typ)
	}
	s.Text = t.text(&s)
	return s
}

// wire returns n, failing at at when it is a protowire error.
func (p *scanner) wire(at, n int) int {
	if n < 0 {
		msg := strings.TrimPrefix(protowire.ParseError(n).Error(), "proto:")
		p.fail(at, "%s", strings.TrimLeft(msg, " \u00a0")) // the package's prefix and its space, plain or not
	}
	return n
}

// ints calls f with each value of a repeated integer field written at at,
// one varint or a packed run, and returns the bytes it took.
func (p *scanner) ints(b []byte, at int, wt protowire.Type, f func(int64)) int {
	run, n := b, -1
	if wt == protowire.BytesType {
		run, n = protowire.ConsumeBytes(b)
		at += p.wire(at, n) - len(run)
	}
	for j := 0; j < len(run); {
		p.passed(at + j)
		v, m := protowire.ConsumeVarint(run[j:])
		f(int64(v))
		j += p.wire(at+j, m)
		if n < 0 {
			return m
		}
	}
	return n
}

// text prints s, read as t, as HloSharding text, cut as Sharding.Text is.
func (t *tiling) text(s *model.Sharding) string {
	var b strings.Builder
	switch s.Kind {
	case model.TupleSharding:
		b.WriteString("{")
		for i := 0; i < len(s.Elems) && b.Len() <= model.ShardingTextKeep; i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(s.Elems[i].Text)
		}
		b.WriteString("}")
	case model.Maximal:
		fmt.Fprintf(&b, "{maximal device=%d}", t.first[0])
	case model.Tiled:
		fmt.Fprintf(&b, "{devices=[%s]", ints(t.dims, 0))
		if len(t.reshape) == 0 {
			b.WriteString(ints(t.first, t.devices))
		} else if fmt.Fprintf(&b, "<=[%s]", ints(t.reshape, 0)); len(t.reshape) > 1 {
			fmt.Fprintf(&b, "T(%s)", ints(t.perm, 0))
		}
		if t.replicateLast {
			b.WriteString(" last_tile_dim_replicate")
		}
		sep, end := " last_tile_dims={", "}"
		for _, g := range t.groups[:min(len(t.groups), 64)] {
			name := fmt.Sprint(g)
			for n, typ := range types {
				if typ == g {
					name = n
				}
			}
			b.WriteString(sep + name)
			sep, end = ", ", "}}"
		}
		b.WriteString(end)
	default:
		fmt.Fprintf(&b, "{%s}", s.Kind)
	}
	return model.ShardingText([]byte(b.String()))
}

// ints is v joined by commas, at most 64 of them, then ",..." if v is
// the start of a longer list, of n.
func ints(v []int64, n int64) string {
	s := strings.ReplaceAll(strings.Trim(fmt.Sprint(v[:min(len(v), 64)]), "[]"), " ", ",")
	if int64(len(v)) > 64 || n > int64(len(v)) {
		s += ",..."
	}
	return s
}
