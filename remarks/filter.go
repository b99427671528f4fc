package remarks

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// FilterOptions are the values of the remark filter flags; "" leaves one
// unset.
type FilterOptions struct {
	All      string // --remarks-filter: every kind
	Passed   string // --remarks-filter-passed
	Missed   string // --remarks-filter-missed
	Failed   string // --remarks-filter-failed
	Analysis string // --remarks-filter-analyse
}

// Filter decides which remarks are shown. The zero Filter shows none.
type Filter struct {
	kinds [4]*regexp.Regexp // by ast.RemarkKind
}

// NewFilter builds a Filter as mlir-opt 22 builds its remark engine: for
// each kind, the general expression and the kind's own are joined with
// "|" and anchored to match a whole name ("^(...)$", unless the text is
// already written "^...$"); a kind with neither shows nothing. A name is
// the remark's category (what MLIR matches, and what the YAML form calls
// "Pass") or its pass name. An expression that does not compile is an
// error naming its flag (mlir-opt ignores it silently).
func NewFilter(o FilterOptions) (*Filter, error) {
	f := &Filter{}
	for _, flag := range []struct {
		name, val string
	}{{"--remarks-filter", o.All}, {"--remarks-filter-passed", o.Passed}, {"--remarks-filter-missed", o.Missed},
		{"--remarks-filter-failed", o.Failed}, {"--remarks-filter-analyse", o.Analysis}} {
		if _, err := regexp.Compile(flag.val); err != nil {
			return nil, fmt.Errorf("invalid %s=%s: %v", flag.name, flag.val, err)
		}
	}
	specific := [4]string{ast.RemarkPassed: o.Passed, ast.RemarkMissed: o.Missed, ast.RemarkFailure: o.Failed, ast.RemarkAnalysis: o.Analysis}
	for k, s := range specific {
		expr := o.All
		if expr == "" {
			expr = s
		} else if s != "" {
			expr += "|" + s
		}
		if expr == "" {
			continue
		}
		re, err := regexp.Compile(anchor(expr))
		if err != nil {
			return nil, fmt.Errorf("invalid remark filter %q: %v", expr, err)
		}
		f.kinds[k] = re
	}
	return f, nil
}

func anchor(s string) string {
	t := strings.TrimSpace(s)
	if strings.HasPrefix(t, "^") && strings.HasSuffix(t, "$") {
		return s
	}
	return "^(" + s + ")$"
}

// Enabled reports whether f shows any remark at all; when it does not,
// the passes need not make remarks.
func (f *Filter) Enabled() bool {
	return f != nil && f.kinds != [len(f.kinds)]*regexp.Regexp{}
}

// Match reports whether f shows r.
func (f *Filter) Match(r ast.Remark) bool {
	if f == nil || int(r.Kind) < 0 || int(r.Kind) >= len(f.kinds) {
		return false
	}
	re := f.kinds[r.Kind]
	return re != nil && (re.MatchString(r.Category) || re.MatchString(r.Pass))
}
