package hloproto

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/sharding"
)

// The shardings of the entry (Config.Sharding): the OpSharding of each
// parameter instruction (HloInstructionProto.sharding, field 40), else the
// module's spmd_parameters_shardings entry for that parameter, and the
// root's, else the module's spmd_output_sharding. An HloModuleProto holds
// no partition count (HloModuleConfigProto does): Partitions stays 0, the
// count the shardings span. An entry computation named `..._spmd`, as
// XLA's partitioner renames it, is partitioned. A sharding that does not
// read is a warning, and its value is sized globally.

// paramSharding records the sharding of parameter number of n.
func (m *module) paramSharding(number int64, s textSpan, n int) {
	if s.end <= s.at {
		return
	}
	if m.params == nil {
		m.params = make([]textSpan, n)
	}
	m.params[number] = s
}

// partitioning reads the shardings names found, for cfg.
func (m *module) partitioning(src []byte, cfg *model.Config) (model.Partitioning, []*Error) {
	var p model.Partitioning
	var warns []*Error
	if e := m.entry(); e != nil {
		p.Partitioned = strings.HasSuffix(e.name, "_spmd")
	}
	read := func(s textSpan, path string, shape *model.Shape, what string) *model.Sharding {
		if s.end <= s.at {
			return nil
		}
		sh, err := sharding.FromProto(src[s.at:s.end], ast.ReleaseFrom(m.opts.Release, s.at))
		if err == nil && sh.Kind == model.TupleSharding {
			var ok bool
			if sh, ok = model.NestSharding(sh, shape); !ok {
				err = fmt.Errorf("it does not fit the shape %s", shape)
			}
		}
		if err != nil {
			off := 0
			var e *sharding.Error
			if errors.As(err, &e) {
				off = e.Offset
			}
			warns = append(warns, &Error{Offset: s.at + off, Path: path, Msg: fmt.Sprintf("%s: the sharding does not read: %s; it is sized globally", what, err)})
			return nil
		}
		return &sh
	}
	for i := range cfg.Params {
		s, path := textSpan{}, "HloInstructionProto.sharding"
		if i < len(m.params) {
			s = m.params[i]
		}
		if s.end <= s.at && i < len(m.spmdParams) {
			s, path = m.spmdParams[i], "HloModuleProto.spmd_parameters_shardings"
		}
		if sh := read(s, path, &cfg.Params[i], cfg.ParamLabel(int64(i), nil)); sh != nil {
			if p.Params == nil {
				p.Params = make([]*model.Sharding, len(cfg.Params))
			}
			p.Params[i] = sh
		}
	}
	root, path := m.rootSharding, "HloInstructionProto.sharding"
	if root.end <= root.at {
		root, path = m.spmdOutput, "HloModuleProto.spmd_output_sharding"
	}
	p.Output = read(root, path, cfg.Output(), "the output")
	return p, warns
}
