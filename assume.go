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
	// assume fills the leaves of s; where names a leaf and its position.
	assume := func(s *model.Shape, where func(model.ShapeIndex) (ast.Pos, string)) {
		if s.IsTuple() {
			*s = s.Clone() // the elements may be shared
		}
		s.ForEachSubshape(func(index model.ShapeIndex, sub *model.Shape) {
			if !sub.IsArray() || sub.HasLayout {
				return
			}
			sub.SetDefaultLayout()
			if emit != nil {
				pos, what := where(index)
				emit(ast.Remark{
					Pos:      pos,
					Kind:     ast.RemarkAnalysis,
					Pass:     "assume-default-layouts",
					Category: "layout-assumed",
					Message:  fmt.Sprintf("%s has an unresolved layout; assumed XLA's default layout: %s", what, sub.StringWithLayout()),
				})
			}
		})
	}
	for p := range cfg.Params {
		assume(&cfg.Params[p], func(index model.ShapeIndex) (ast.Pos, string) {
			return cfg.ParamPos(int64(p), index), fmt.Sprintf("parameter %d at %s", p, index)
		})
	}
	if out := cfg.Output(); out != nil {
		assume(out, func(index model.ShapeIndex) (ast.Pos, string) {
			return cfg.OutputPos(index), fmt.Sprintf("output %s", index)
		})
	}
}
