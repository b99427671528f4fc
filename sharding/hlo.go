package sharding

import (
	"bytes"
	"slices"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// ParseHLO reads HloSharding text, as mhlo.sharding and HLO text's
// sharding= write it: `{devices=[2,1]<=[2]}`, `{{replicated}, {maximal device=0}}`,
// the named form `{mesh['a'=2], [{'a'}]}`. As XLA does, a string that is
// not text (it does not start with '{') is first read as the binary
// OpSharding JAX writes for more than 100 devices (see FromProto); when
// that fails too, the error is the binary reader's if the bytes are not
// printable text, else the text reader's. A tuple sharding's Elems are
// its leaves in order, flat (see model.NestSharding). release, when
// set, is told of the text read (offsets into text), a step at a time,
// as the front ends' Options.Release is.
func ParseHLO(text []byte, release func(from, to int)) (model.Sharding, error) {
	if t := bytes.TrimLeft(text, " \t\r\n"); len(t) == 0 || t[0] != '{' {
		s, err := FromProto(text, release)
		if err == nil {
			return s, nil
		}
		if e := err.(*Error); !printable(text, release) {
			return model.Sharding{}, &Error{Offset: e.Offset, Msg: "a binary OpSharding that does not decode: " + e.Msg}
		}
	}
	return try(func() model.Sharding {
		p := &scanner{b: text, comments: true, behind: ast.Behind{Release: release}}
		start := p.pos()
		p.expect('{', "expected '{' to start sharding attribute")
		s := model.Sharding{Kind: model.TupleSharding}
		if !p.at('{') && !p.at('}') {
			s = p.leaf(start)
		} else if !p.at('}') {
			p.commas(func() {
				at := p.pos()
				p.expect('{', "expected '{' to start sharding attribute")
				s.Elems = append(s.Elems, p.leaf(at))
			})
		}
		if s.Kind == model.TupleSharding {
			p.expect('}', "expected '}' to end sharding attribute")
			s.Text = model.ShardingText(p.b[start:p.i])
		}
		p.end("sharding")
		return s
	})
}

// printable reports whether b reads as text: printable ASCII or white
// space. release is as ParseHLO's.
func printable(b []byte, release func(from, to int)) bool {
	behind := ast.Behind{Release: release}
	for i, c := range b {
		if i%ast.ReleaseStep == 0 {
			behind.At(i)
		}
		if (c < ' ' || c > '~') && c != '\t' && c != '\n' && c != '\r' {
			return false
		}
	}
	return true
}

// The kinds HloSharding text names, in the order of precedence XLA's
// parser gives them when several are written, and the OpSharding types
// that last_tile_dims names.
var (
	precedence = []string{"replicated", "maximal", "manual", "unknown", "unreduced"}
	kinds      = map[string]model.ShardingKind{"replicated": model.Replicated, "maximal": model.Maximal,
		"manual": model.Manual, "unknown": model.UnknownSharding, "unreduced": model.Unreduced}
	types = map[string]int64{"replicated": 0, "maximal": 1, "manual": 4, "unreduced": 6}
)

// leaf reads a non-tuple sharding from after its '{' (at start) through its '}'.
func (p *scanner) leaf(start int) model.Sharding {
	if w := string(p.peekWord()); w == "mesh" || w == "maximal_mesh" {
		s := p.named()
		s.Text = model.ShardingText(p.b[start:p.i])
		return s
	}
	loc, keyword, t := p.pos(), "", tiling{}
	for !p.at('}') {
		at := p.pos()
		switch w := string(p.word("unexpected token")); {
		case p.eat('='):
			p.attribute(w, at, &t)
		case slices.Contains(precedence, w):
			if keyword == "" || slices.Index(precedence, w) < slices.Index(precedence, keyword) {
				keyword = w
			}
		case w == "last_tile_dim_replicate":
			t.replicateLast = true
		case w == "shard_as" || w == "shard_like":
			p.num()
		default:
			p.fail(at, "unexpected token")
		}
	}
	p.i++
	s := model.Sharding{Kind: kinds[keyword]}
	switch {
	case keyword == "maximal" && t.devices != 1:
		p.fail(loc, "maximal shardings should have exactly one device assigned")
	case keyword != "" && keyword != "maximal" && t.devices > 0:
		p.fail(loc, "%s shardings should not have any devices assigned", keyword)
	case keyword == "":
		s = p.tiled(&t, loc)
	}
	s.Text = model.ShardingText(p.b[start:p.i])
	return s
}

// attribute reads the value of the attribute w= of a sharding at at.
func (p *scanner) attribute(w string, at int, t *tiling) {
	switch w {
	case "device":
		if !p.digitNext() {
			p.fail(p.i, "device= attribute must be an integer")
		}
		t.devices = 1
		p.device()
	case "devices":
		t.devices = 0
		p.expect('[', "expected '[' to start sharding devices shape")
		p.commas(func() { t.dims = p.add(t.dims, p.num()) })
		p.expect(']', "expected ']' to end sharding devices shape")
		if p.eatStr("<=") {
			p.iota(t)
		} else {
			p.device() // a loop, not commas: a list may hold millions
			for t.devices = 1; ; t.devices++ {
				// A comma right after the device, then digits, too few
				// to overflow, are read here; anything else by the tokens.
				i := p.i
				if i < len(p.b) && p.b[i] == ',' {
					i++
				} else if p.eat(',') {
					i = p.i
				} else {
					break
				}
				j := i
				for j < len(p.b) && p.b[j]-'0' <= 9 {
					j++
				}
				if j > i && j-i <= 18 {
					p.i = j
					if j >= p.next {
						p.passed(j)
					}
				} else {
					p.i = i
					p.device()
				}
			}
		}
	case "metadata":
		p.skipBraces()
	case "last_tile_dims":
		p.list('{', '}', func() {
			at := p.pos()
			typ, ok := types[string(p.word("expects a sharding type"))]
			if !ok {
				p.fail(at, "expects a sharding type: maximal, replicated, manual or unreduced")
			}
			t.groups = p.add(t.groups, typ)
		})
	default:
		p.fail(at, "unknown attribute in sharding: expected device=, devices= metadata= or last_tile_dims= ")
	}
}

// iota reads an iota device list, `[reshape]` then `T(perm)` when
// reshape has several dims.
func (p *scanner) iota(t *tiling) {
	p.expect('[', "expected '[' to start sharding iota_reshape_dims")
	p.commas(func() { t.reshape = p.add(t.reshape, p.num()) })
	p.expect(']', "expected ']' to end sharding iota_reshape_dims")
	if len(t.reshape) == 1 {
		t.perm = []int64{0}
		return
	}
	if !p.eatStr("T(") {
		p.fail(p.i, "expected 'T(' to start sharding devices iota_transpose_perm")
	}
	p.commas(func() {
		at, d := p.pos(), p.num()
		if d < 0 || d >= int64(len(t.reshape)) {
			p.fail(at, "Out of range iota minor_to_major value %d, expecting value in range [0, %d)", d, len(t.reshape))
		}
		t.perm = p.add(t.perm, d)
	})
	p.expect(')', "expected ')' to end sharding devices iota_transpose_perm")
}

// device reads a device id, which must not be negative.
func (p *scanner) device() {
	at := p.pos()
	if d := p.num(); d < 0 {
		p.fail(at, "device %d is negative in tile assignment", d)
	}
}

// tiling is a tiled sharding as written: the tile assignment's dims, its
// devices (explicit, counted, the first few kept for printing, or an iota
// reshaped and transposed) and its subgroup dimensions (replicated on the
// last or last_tile_dims' types).
type tiling struct {
	dims, reshape, perm, groups []int64
	devices                     int64 // explicit devices
	first                       []int64
	replicateLast               bool
}

// tiled checks a tiling as XLA does and sizes it; at is where it starts.
func (p *scanner) tiled(t *tiling, at int) model.Sharding {
	prod, iota := p.product(t.dims, at), p.product(t.reshape, at)
	switch {
	case len(t.dims) == 0:
		p.fail(at, "non-maximal shardings must have a tile assignment list including dimensions")
	case len(t.perm) != len(t.reshape):
		p.fail(at, "iota_transpose_perm should have the same rank as iota_reshape_dims : expected %d, saw %d.", len(t.reshape), len(t.perm))
	case len(t.reshape) > 0 && iota != prod:
		p.fail(at, "the iota device list has %d devices but the tile assignment dimensions have %d", iota, prod)
	case len(t.reshape) == 0 && t.devices <= 1:
		p.fail(at, "non-maximal shardings must have more than one device assigned")
	case len(t.reshape) == 0 && t.devices != prod:
		p.fail(at, "the device list has %d devices but the tile assignment dimensions have %d", t.devices, prod)
	case t.replicateLast && len(t.groups) > 0:
		p.fail(at, "last_tile_dim_replicate and last_tile_dims cannot both be set")
	}
	groups := len(t.groups)
	if t.replicateLast {
		groups = 1
	}
	if groups > len(t.dims) {
		p.fail(at, "the tile assignment has %d dimensions, fewer than its %d subgroup dimensions", len(t.dims), groups)
	}
	return model.Sharding{Kind: model.Tiled, Tiles: t.dims[:len(t.dims)-groups], Devices: prod}
}
