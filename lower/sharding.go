package lower

import (
	"bytes"
	"strconv"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/sharding"
)

// The shardings of the entry's arguments and results (Config.Sharding):
// an argument's or result's mhlo.sharding, HloSharding text in a string
// (or the binary OpSharding JAX writes for more than 100 devices, which
// XLA tries first), else its sdy.sharding, sized by the module's sdy.mesh
// operations; the partition count is the module's mhlo.num_partitions.
// An MLIR module is taken as not yet partitioned: its shapes are global.
// A sharding that does not read is a warning at the byte where it goes
// wrong, in the reader's words (XLA's, or Shardy's), and its value is
// sized globally, as one without a sharding.

// The attributes shardings come from.
const (
	AttrSharding      = "mhlo.sharding"
	AttrSdySharding   = "sdy.sharding"
	AttrNumPartitions = "mhlo.num_partitions"
)

// shardings fills the config's Sharding.
func (l *lowerer) shardings() error {
	p := &l.cfg.Sharding
	p.Partitions = l.numPartitions()
	p.Partitioned = model.PartitionedAs(false, l.opts.Partitioned) // MLIR: not yet partitioned
	// The arguments' were read with them (readSharding).
	args := l.argOut.shardings
	l.diag = append(l.diag, l.argOut.shardDiags...)
	switch {
	case args == nil:
	case l.opts.UseTupleArgs:
		p.Params = []*model.Sharding{tupleOf(args)}
	default:
		p.Params = args
	}
	results := make([]*model.Sharding, len(l.results))
	found := false
	for i := range l.results {
		label := func() string {
			if i < len(l.resultNames) {
				return "result " + strconv.Itoa(i) + l.resultNames[i].Suffix()
			}
			return "result " + strconv.Itoa(i)
		}
		results[i] = l.valueSharding(l.resultEntry(i, keySharding), l.resultEntry(i, keySdySharding), &l.results[i], label)
		found = found || results[i] != nil
	}
	if !found && args == nil && p.Partitions == 1 {
		return nil // a module that says nothing of partitions
	}
	p.OutputUnspecified = make([]bool, len(results))
	for i, s := range results {
		p.OutputUnspecified[i] = s == nil
	}
	switch {
	case !found:
	case l.resultTuple:
		p.Output = tupleOf(results)
	default:
		p.Output = results[0]
	}
	return nil
}

// tupleOf is the tuple sharding of values sharded as elems: where one is
// nil, replicated, spelt "unspecified" as a nil sharding prints.
func tupleOf(elems []*model.Sharding) *model.Sharding {
	t := &model.Sharding{Kind: model.TupleSharding, Elems: make([]model.Sharding, len(elems))}
	for i, s := range elems {
		t.Elems[i] = model.Sharding{Text: (*model.Sharding)(nil).String()}
		if s != nil {
			t.Elems[i] = *s
		}
	}
	return t
}

// numPartitions reads the module's mhlo.num_partitions: 1, XLA's
// default, when it has none (or one that is not a positive integer,
// with a warning).
func (l *lowerer) numPartitions() int64 {
	if l.file.Module == nil {
		return 1
	}
	e, v, err := l.entry(l.file.Module.Attrs, AttrNumPartitions)
	if e == nil {
		return 1
	}
	n, perr := int64(0), err
	if v != nil && err == nil {
		n, perr = ast.ParseInt(v.Num())
	}
	if perr != nil || n < 1 {
		l.warnLenient(l.pos(e.Pos), "%s must be a positive integer; it is ignored", AttrNumPartitions)
		return 1
	}
	return n
}

// valueSharding reads the sharding of a value of the shape s, which
// label names in a message, from its mhlo.sharding entry hlo, else its
// sdy.sharding entry sdy; nil when it has neither, or one that does not
// read (a warning).
func (l *lowerer) valueSharding(hlo, sdy *ast.AttrEntry, s *model.Shape, label func() string) *model.Sharding {
	var sh *model.Sharding
	e := hlo
	switch {
	case hlo != nil:
		sh = l.hloSharding(hlo, label)
	case sdy != nil:
		e, sh = sdy, l.sdySharding(sdy, label)
	}
	if sh == nil || sh.Kind != model.TupleSharding {
		return sh
	}
	nested, ok := model.NestSharding(*sh, s)
	if !ok {
		l.warnLenient(l.pos(e.Pos), "%s: %s %s does not fit its type %s; it is sized globally", label(), e.Name(), ast.Clip(sh.String()), s)
		return nil
	}
	return &nested
}

// hloSharding reads an mhlo.sharding entry: binary OpSharding bytes, as
// XLA reads them first, or HloSharding text. The parser keeps no node
// for its value, a string (ast.ReadsValue): the literal is read from the
// entry's span.
func (l *lowerer) hloSharding(e *ast.AttrEntry, label func() string) *model.Sharding {
	lit, at := l.unkeptString(e)
	if e.Value != ast.Unkept {
		_, v, err := l.value(e)
		if lit = l.strBytes(v); err != nil || lit == nil {
			lit = nil
		} else {
			at = v.Pos.Offset
		}
	}
	if lit == nil {
		l.warnLenient(l.pos(e.Pos), "%s: %s must be a string; it is sized globally", label(), AttrSharding)
		return nil
	}
	if s, ok := l.shardCache.Get(lit); ok {
		return s
	}
	inner := lit[1 : len(lit)-1]
	release := ast.ReleaseFrom(l.opts.Release, at+1)
	text, ok := model.Unescaped(inner, model.MLIRString, release)
	if len(text) != len(inner) {
		release = nil // a copy, with escapes undone
	}
	s, err := model.Sharding{}, sharding.ErrLong
	if ok {
		s, err = sharding.ParseHLO(text, release)
	}
	if err != nil && ok && (len(text) == 0 || text[0] != '{') {
		if b, berr := sharding.FromProto(text, release); berr == nil {
			s, err = b, nil
		}
	}
	if err != nil {
		at += 1 + model.EscapedOffset(inner, model.MLIRString, sharding.ErrorOffset(err))
		l.warnLenient(l.pos(ast.At{Offset: at}), "%s: %s %s does not read: %s; it is sized globally", label(), AttrSharding, ast.ClipBytes(inner), err)
		return nil
	}
	return l.shardCache.Keep(lit, s)
}

// unkeptString is the string literal, quotes included, and its offset,
// that the entry e holds when the parser kept no node of its value
// (ast.Unkept); nil when it holds something else.
func (l *lowerer) unkeptString(e *ast.AttrEntry) ([]byte, int) {
	if e.Value != ast.Unkept {
		return nil, 0
	}
	at := e.Pos.Offset + len(e.Key)
	text := l.src[at:e.EndPos.Offset]
	eq := bytes.IndexByte(text, '=')
	if eq < 0 {
		return nil, 0
	}
	lit := bytes.TrimSpace(text[eq+1:])
	if len(lit) < 2 || lit[0] != '"' || lit[len(lit)-1] != '"' {
		return nil, 0
	}
	return lit, at + eq + 1 + bytes.Index(text[eq+1:], lit[:1])
}

// sdySharding reads a sdy.sharding entry, `#sdy.sharding<@mesh, [...]>`.
func (l *lowerer) sdySharding(e *ast.AttrEntry, label func() string) *model.Sharding {
	_, v, err := l.value(e)
	if err != nil || v == nil || v.AsHash() == nil || v.AsHash().Name != "" {
		l.warnLenient(l.pos(e.Pos), "%s: %s must be a #sdy.sharding; it is sized globally", label(), AttrSdySharding)
		return nil
	}
	h := v.AsHash()
	text := l.src[h.Pos.Offset:h.EndPos.Offset]
	if s, ok := l.shardCache.Get(text); ok {
		return s
	}
	s, err := sharding.ParseShardy(text, l.meshes(), ast.ReleaseFrom(l.opts.Release, h.Pos.Offset))
	if err != nil {
		l.warnLenient(l.pos(ast.At{Offset: h.Pos.Offset + sharding.ErrorOffset(err)}), "%s: %s %s does not read: %s; it is sized globally", label(), AttrSdySharding, ast.ClipBytes(text), err)
		return nil
	}
	return l.shardCache.Keep(text, s)
}

// meshes are the module's sdy.mesh operations, read on first use; a
// mesh that does not read is a warning, and left out.
func (l *lowerer) meshes() sharding.Meshes {
	if l.meshMap != nil {
		return l.meshMap
	}
	l.meshMap = sharding.Meshes{}
	for name, sp := range l.file.Meshes {
		m, err := sharding.ParseMesh(l.src[sp.Pos.Offset:sp.End.Offset], ast.ReleaseFrom(l.opts.Release, sp.Pos.Offset))
		if err != nil {
			l.warnLenient(l.pos(ast.At{Offset: sp.Pos.Offset + sharding.ErrorOffset(err)}), "sdy.mesh @%s does not read: %s", ast.Clip(name), err)
			continue
		}
		l.meshMap[name] = m
	}
	return l.meshMap
}
