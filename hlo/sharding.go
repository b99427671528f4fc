package hlo

import (
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/sharding"
)

// The shardings of the entry (Config.Sharding): `sharding={...}` on each
// parameter instruction, else its frontend attribute xla.sdy.sharding (a
// Shardy sharding, sized by the meshes of the header's frontend attribute
// xla.sdy.meshes), and `sharding=` on the ROOT for the output. The
// header's num_partitions is the partition count; without it the module
// has one partition, as XLA prints num_partitions only when it is not 1.
// An entry computation named `..._spmd`, as XLA's partitioner renames it,
// is partitioned: its shapes are those of one device. A sharding that
// does not read is a warning at the byte where it goes wrong, in the
// reader's words, and its value is sized globally.

// The attributes shardings come from.
const (
	keyPartitions = "num_partitions"
	keyFrontend   = "frontend_attributes"
	sdySharding   = "xla.sdy.sharding"
	sdyMeshes     = "xla.sdy.meshes"
)

// shardReader reads the shardings of one module.
type shardReader struct {
	f      *File
	src    []byte
	errs   *ast.ErrorList  // where warnings go
	meshes sharding.Meshes // read on first use
	cache  sharding.Cache  // the sharding= texts read, as written
}

// partitioning reads the partitioning of the entry whose parameters, in
// order, are params, for the config cfg; warnings are added to *errs.
func partitioning(f *File, src []byte, params []*Instr, cfg *model.Config, errs *ast.ErrorList) model.Partitioning {
	r := &shardReader{f: f, src: src, errs: errs}
	p := model.Partitioning{Partitions: 1, Partitioned: model.PartitionedAs(strings.HasSuffix(f.Entry.Name, "_spmd"), f.partitioned)}
	if a := f.Header.Attr(keyPartitions); a != nil {
		text := string(src[a.Value.Pos.Offset:a.Value.End.Offset])
		if n, err := strconv.ParseInt(text, 10, 64); err == nil && n >= 1 {
			p.Partitions = n
		} else {
			r.warn(a.Value.Pos, "num_partitions=%s is not a positive integer; it is ignored", ast.Clip(text))
		}
	}
	behind := ast.Behind{Release: f.release}
	for i, in := range params {
		behind.At(in.At.Offset)
		if s := r.read(in, &cfg.Params[i], true); s != nil {
			if p.Params == nil {
				p.Params = make([]*model.Sharding, len(params))
			}
			p.Params[i] = s
		}
	}
	p.Output = r.read(f.Entry.Root, cfg.Output(), false)
	return p
}

func (r *shardReader) warn(pos ast.Pos, format string, args ...any) {
	e := ast.Errorf(pos, format, args...)
	e.Severity, e.Lenient = ast.SevWarning, true
	*r.errs = append(*r.errs, e)
}

// read reads the sharding of the instruction in, of the shape s: its
// sharding=, or, for a parameter (sdy), its xla.sdy.sharding; nil when
// it has none, or one that does not read.
func (r *shardReader) read(in *Instr, s *model.Shape, sdy bool) *model.Sharding {
	var sh *model.Sharding
	var err error
	var text []byte
	at, esc := 0, model.Raw
	switch {
	case in.sharding[1] > 0:
		at, text = in.sharding[0], r.src[in.sharding[0]:in.sharding[1]]
		var ok bool
		if sh, ok = r.cache.Get(text); !ok {
			var s model.Sharding
			if s, err = sharding.ParseHLO(text, ast.ReleaseFrom(r.f.release, at)); err == nil {
				sh = r.cache.Keep(text, s)
			}
		}
	case sdy && in.sdy[1] > 0:
		at, esc = in.sdy[0], model.CString
		var ok bool
		if text, ok = model.Unescaped(r.src[in.sdy[0]:in.sdy[1]], esc, ast.ReleaseFrom(r.f.release, at)); ok {
			var s model.Sharding
			rel := ast.ReleaseFrom(r.f.release, at)
			if len(text) != in.sdy[1]-in.sdy[0] {
				rel = nil // a copy, with escapes undone
			}
			s, err = sharding.ParseShardy(text, r.meshMap(), rel)
			sh = &s
		} else {
			text, err = r.src[in.sdy[0]:in.sdy[1]], sharding.ErrLong
		}
	default:
		return nil
	}
	what := "sharding=" + ast.ClipBytes(text)
	if esc != model.Raw {
		what = sdySharding + "=" + strconv.Quote(ast.ClipBytes(text))
	}
	if err != nil {
		off := at + model.EscapedOffset(r.src[at:], esc, sharding.ErrorOffset(err))
		r.warn(r.pos(in, off), "%s: %s does not read: %s; it is sized globally", r.label(in), what, err)
		return nil
	}
	if sh.Kind != model.TupleSharding {
		return sh
	}
	nested, ok := model.NestSharding(*sh, s)
	if !ok {
		r.warn(r.pos(in, at), "%s: %s does not fit its shape %s; it is sized globally", r.label(in), what, s)
		return nil
	}
	return &nested
}

// label names the instruction in a message: `parameter 0 "name"` or
// `ROOT name`.
func (r *shardReader) label(in *Instr) string {
	if in.Param >= 0 {
		return "parameter " + strconv.FormatInt(in.Param, 10) + in.Label.Suffix()
	}
	return "ROOT " + ast.Clip(in.Name)
}

// pos is the position of the offset off in the instruction in.
func (r *shardReader) pos(in *Instr, off int) ast.Pos {
	return r.posFrom(r.f.Pos(in.At), off)
}

// posFrom is the position of the offset off, counted from base a step
// at a time, each step told to release: the offset may be megabytes into
// a sharding.
func (r *shardReader) posFrom(base ast.Pos, off int) ast.Pos {
	p := lexer.Position(base)
	behind := ast.Behind{Release: r.f.release}
	for p.Offset < off {
		behind.At(p.Offset)
		advancePos(&p, r.src, min(off-p.Offset, ast.ReleaseStep))
	}
	return ast.Pos(p)
}

// meshMap is the header's xla.sdy.meshes, `{name = #sdy.mesh<...>, ...}`
// (XLA prints it unquoted), read on first use; a mesh that does not read
// is a warning, and left out.
func (r *shardReader) meshMap() sharding.Meshes {
	if r.meshes != nil {
		return r.meshes
	}
	r.meshes = sharding.Meshes{}
	a := r.f.Header.Attr(keyFrontend)
	if a == nil {
		return r.meshes
	}
	eachPair(r.src, a.Value.Pos.Offset, a.Value.End.Offset, nil, func(key []byte, at, end int, quoted bool) {
		if string(key) != sdyMeshes || quoted {
			return
		}
		eachPair(r.src, at, end, nil, func(name []byte, at, end int, _ bool) {
			m, err := sharding.ParseMesh(r.src[at:end], ast.ReleaseFrom(r.f.release, at))
			if err != nil {
				r.warn(r.posFrom(a.Value.Pos, at+sharding.ErrorOffset(err)), "%s: mesh %s does not read: %s", sdyMeshes, ast.ClipBytes(name), err)
				return
			}
			r.meshes[string(name)] = m
		})
	})
	return r.meshes
}
