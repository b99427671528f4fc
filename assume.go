package mhloalias

import (
	"fmt"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// assumeDefaultLayouts gives every array leaf of cfg's parameters and
// output whose layout is unresolved (mhlo.layout_mode = "auto", an HLO
// shape printed without one) XLA's default descending layout, as
// Options.AssumeDefaultLayouts asks, and reports each assumption as an
// Analysis remark (category layout-assumed) at its argument or result.
func assumeDefaultLayouts(cfg *model.Config, emit func(ast.Remark)) {
	remark := func(pos ast.Pos, what string, s *model.Shape) {
		if emit == nil {
			return
		}
		emit(ast.Remark{
			Pos:      pos,
			Kind:     ast.RemarkAnalysis,
			Pass:     "assume-default-layouts",
			Category: "layout-assumed",
			Message:  fmt.Sprintf("%s has an unresolved layout; assumed XLA's default layout: %s", what, s.StringWithLayout()),
		})
	}
	for p := range cfg.Params {
		if cfg.Params[p].IsTuple() {
			cfg.Params[p] = cfg.Params[p].Clone() // the elements may be shared
		}
		cfg.Params[p].ForEachSubshape(func(index model.ShapeIndex, sub *model.Shape) {
			if sub.IsArray() && !sub.HasLayout {
				sub.SetDefaultLayout()
				remark(cfg.ParamPos(int64(p), index), fmt.Sprintf("parameter %d at %s", p, index), sub)
			}
		})
	}
	if out := cfg.Output(); out != nil {
		if out.IsTuple() {
			*out = out.Clone()
		}
		out.ForEachSubshape(func(index model.ShapeIndex, sub *model.Shape) {
			if sub.IsArray() && !sub.HasLayout {
				sub.SetDefaultLayout()
				remark(cfg.OutputPos(index), fmt.Sprintf("output %s", index), sub)
			}
		})
	}
}
