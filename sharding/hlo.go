package sharding

import (
	"bytes"
	"slices"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// ParseHLO reads HloSharding text, as mhlo.sharding and HLO text's
// sharding= write it: `{devices=[2,1]<=[2]}`, `{{replicated}, {maximal device=0}}`,
// the named form `{mesh['a'=2], [{'a'}]}`. As XLA does, a string that is
// not text (it does not start with '{') is first read as the binary
// OpSharding JAX writes for more than 100 devices (see FromProto); when
// that fails too, the error is the binary reader's if the bytes are not
// printable text, else the text reader's. A tuple sharding's Elems are
// its leaves in order, flat (see model.NestSharding).
func ParseHLO(text []byte) (model.Sharding, error) {
	if t := bytes.TrimLeft(text, " \t\r\n"); len(t) == 0 || t[0] != '{' {
		s, err := FromProto(text)
		if err == nil {
			return s, nil
		}
		if e := err.(*Error); !printable(text) {
			return model.Sharding{}, &Error{Offset: e.Offset, Msg: "a binary OpSharding that does not decode: " + e.Msg}
		}
	}
	return try(func() model.Sharding {
		p := &scanner{b: text, comments: true}
		s := p.hlo()
		p.end("sharding")
		return s
	})
}

// keywords are the kinds HloSharding text names, in the order XLA's
// parser gives them precedence when several are written.
var keywords = []string{"replicated", "maximal", "manual", "unknown", "unreduced"}

var kinds = map[string]model.ShardingKind{"replicated": model.Replicated, "maximal": model.Maximal,
	"manual": model.Manual, "unknown": model.UnknownSharding, "unreduced": model.Unreduced}

// printable reports whether b reads as text: printable ASCII or white space.
func printable(b []byte) bool {
	for _, c := range b {
		if (c < ' ' || c > '~') && c != '\t' && c != '\n' && c != '\r' {
			return false
		}
	}
	return true
}

// hlo reads a sharding: one leaf, a tuple of leaves, or the empty tuple.
func (p *scanner) hlo() model.Sharding {
	start := p.pos()
	p.expect('{', "expected '{' to start sharding attribute")
	if !p.at('{') && !p.at('}') {
		return p.leaf(start)
	}
	t := model.Sharding{Kind: model.TupleSharding}
	for !p.at('}') {
		at := p.pos()
		p.expect('{', "expected '{' to start sharding attribute")
		t.Elems = append(t.Elems, p.leaf(at))
		if !p.eat(',') {
			break
		}
	}
	p.expect('}', "expected '}' to end sharding attribute")
	t.Text = model.ShardingText(p.b[start:p.i])
	return t
}

// leaf reads a non-tuple sharding from after its '{' (at start) to its '}'.
func (p *scanner) leaf(start int) model.Sharding {
	if w := p.peekWord(); w == "mesh" || w == "maximal_mesh" {
		s := p.named()
		s.Text = model.ShardingText(p.b[start:p.i])
		return s
	}
	loc := p.pos()
	var (
		keyword               string
		devices               = int64(-1) // explicit devices, -1 when none written
		dims                  []int64
		prod, iota            int64 // iota is the reshape's product, 0 when not iota
		reshape, perm         int
		lastReplicate, groups bool
		subgroups             int
	)
	for !p.at('}') {
		at := p.pos()
		w := p.word("unexpected token")
		if p.i < len(p.b) && p.b[p.i] == '=' {
			p.i++
			switch w {
			case "device":
				if !p.digitNext() {
					p.fail(p.i, "device= attribute must be an integer")
				}
				devices = 1
				p.device()
			case "devices":
				dims, prod, iota, reshape, perm, devices = p.tiles()
			case "metadata":
				p.skipBraces()
			case "last_tile_dims":
				groups = true
				p.expect('{', "expected '{' to start sharding type list")
				for !p.at('}') {
					t := p.pos()
					if w := p.word("expected '}' to end sharding type list"); w == "unknown" || !slices.Contains(keywords, w) {
						p.fail(t, "expects a sharding type: maximal, replicated, manual or unreduced")
					}
					subgroups++
					if !p.eat(',') {
						break
					}
				}
				p.expect('}', "expected '}' to end sharding type list")
			default:
				p.fail(at, "unknown attribute in sharding: expected device=, devices= metadata= or last_tile_dims= ")
			}
			continue
		}
		switch w {
		case "replicated", "maximal", "manual", "unknown", "unreduced":
			if keyword == "" || slices.Index(keywords, w) < slices.Index(keywords, keyword) {
				keyword = w
			}
		case "last_tile_dim_replicate":
			lastReplicate = true
		case "shard_as", "shard_like":
			p.num()
		default:
			p.fail(at, "unexpected token")
		}
	}
	p.i++
	s := model.Sharding{Text: model.ShardingText(p.b[start:p.i])}
	switch keyword {
	case "maximal":
		if devices != 1 {
			p.fail(loc, "maximal shardings should have exactly one device assigned")
		}
		s.Kind = model.Maximal
		return s
	case "replicated", "manual", "unknown", "unreduced":
		if devices > 0 {
			p.fail(loc, "%s shardings should not have any devices assigned", keyword)
		}
		s.Kind = kinds[keyword]
		return s
	}
	switch {
	case len(dims) == 0:
		p.fail(loc, "non-maximal shardings must have a tile assignment list including dimensions")
	case perm != reshape:
		p.fail(loc, "iota_transpose_perm should have the same rank as iota_reshape_dims : expected %d, saw %d.", reshape, perm)
	case iota > 0 && iota != prod:
		p.fail(loc, "the iota device list has %d devices but the tile assignment dimensions have %d", iota, prod)
	case iota == 0 && devices <= 1:
		p.fail(loc, "non-maximal shardings must have more than one device assigned")
	case iota == 0 && devices != prod:
		p.fail(loc, "the device list has %d devices but the tile assignment dimensions have %d", devices, prod)
	case lastReplicate && groups:
		p.fail(loc, "last_tile_dim_replicate and last_tile_dims cannot both be set")
	}
	if lastReplicate {
		subgroups = 1
	}
	if subgroups > len(dims) {
		p.fail(loc, "the tile assignment has %d dimensions, fewer than its %d subgroup dimensions", len(dims), subgroups)
	}
	s.Kind, s.Tiles, s.Devices = model.Tiled, dims[:len(dims)-subgroups], prod
	return s
}

func (p *scanner) digitNext() bool {
	j := p.pos()
	if j < len(p.b) && p.b[j] == '-' {
		j++
	}
	return j < len(p.b) && p.b[j] >= '0' && p.b[j] <= '9'
}

// device reads a device id, which must not be negative.
func (p *scanner) device() {
	at := p.pos()
	if d := p.num(); d < 0 {
		p.fail(at, "device %d is negative in tile assignment", d)
	}
}

// dim reads a tile assignment or mesh dimension, which must be positive.
func (p *scanner) dim() int64 {
	at := p.pos()
	d := p.num()
	if d < 1 {
		p.fail(at, "the dimension %d is not positive", d)
	}
	return d
}

// tiles reads `[dims]` and then either an explicit device list, counted
// and not kept, or an iota `<=[reshape]T(perm)`. It returns the dims,
// their product, the iota's product (0 when not iota), the lengths of
// reshape and perm, and the explicit devices' count (-1 when iota).
func (p *scanner) tiles() (dims []int64, prod, iota int64, reshape, perm int, devices int64) {
	p.expect('[', "expected '[' to start sharding devices shape")
	prod = 1
	for {
		at := p.pos()
		dims = append(dims, p.dim())
		prod = p.mul(prod, dims[len(dims)-1], at)
		if !p.eat(',') {
			break
		}
	}
	p.expect(']', "expected ']' to end sharding devices shape")
	if !p.eatStr("<=") {
		for devices = 1; ; devices++ {
			p.device()
			if !p.eat(',') {
				return dims, prod, 0, 0, 0, devices
			}
		}
	}
	iota, reshape, perm = p.iota()
	return dims, prod, iota, reshape, perm, -1
}

// iota reads `[reshape]` and, when reshape has several dims, `T(perm)`:
// it returns reshape's product and the lengths of both.
func (p *scanner) iota() (prod int64, reshape, perm int) {
	p.expect('[', "expected '[' to start sharding iota_reshape_dims")
	prod = 1
	for {
		at := p.pos()
		prod = p.mul(prod, p.dim(), at)
		reshape++
		if !p.eat(',') {
			break
		}
	}
	p.expect(']', "expected ']' to end sharding iota_reshape_dims")
	if reshape == 1 {
		return prod, 1, 1
	}
	if p.peekWord() != "T" {
		p.fail(p.i, "expected 'T(' to start sharding devices iota_transpose_perm")
	}
	p.i++
	p.expect('(', "expected 'T(' to start sharding devices iota_transpose_perm")
	for {
		at := p.pos()
		if d := p.num(); d < 0 || d >= int64(reshape) {
			p.fail(at, "Out of range iota minor_to_major value %d, expecting value in range [0, %d)", d, reshape)
		}
		perm++
		if !p.eat(',') {
			break
		}
	}
	p.expect(')', "expected ')' to end sharding devices iota_transpose_perm")
	return prod, reshape, perm
}
