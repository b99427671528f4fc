package mhloalias

import (
	"bufio"
	"cmp"
	"io"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/passes"
	"github.com/mhlo-alias/mhlo-alias/remarks"
)

// remarkSink returns the passes' remark sink: it keeps the remarks the
// filter shows, naming the entry function, in *rs. With no filter it is
// nil, so the passes make no remarks at all.
func (s *settings) remarkSink(rs *[]ast.Remark) func(ast.Remark) {
	if s.filter == nil {
		return nil
	}
	entry := s.Entry
	if entry == "" {
		entry = "main"
	}
	return func(r ast.Remark) {
		if s.filter.Match(r) {
			r.Function = entry
			*rs = append(*rs, r)
		}
	}
}

// unusedDonors are the Options.UnusedDonors diagnostics: one per donor
// still registered, at its argument, with the reason unused gives for it
// (the donor-unused remark's message, a colon and its reason).
func (s *settings) unusedDonors(cfg *model.Config, unused []passes.UnusedDonor) ast.ErrorList {
	sev := ast.SevWarning
	switch s.UnusedDonors {
	case "", "ignore":
		return nil
	case "error":
		sev = ast.SevError
	}
	why := reasonsOf(unused)
	var out ast.ErrorList
	for _, d := range cfg.Donors.Donors() {
		msg := "donor " + cfg.ParamLabel(d.ParamNumber, d.ParamIndex) + " at " + d.ParamIndex.String() + " is not used by any output"
		if r, ok := why[donorLeaf{d.ParamNumber, d.ParamIndex.String()}]; ok {
			msg = r.Message + ": " + r.Reason
		}
		out = append(out, &ast.Error{Pos: cfg.ParamPos(d.ParamNumber, d.ParamIndex), Severity: sev, Msg: msg})
	}
	return out
}

// donorLeaf is a donor's leaf, as a map key.
type donorLeaf struct {
	param int64
	index string
}

// unusedReasons are the donor-unused remarks of passes.UnusedDonors, by
// their donor's leaf.
type unusedReasons map[donorLeaf]ast.Remark

func reasonsOf(unused []passes.UnusedDonor) unusedReasons {
	why := make(unusedReasons, len(unused))
	for _, u := range unused {
		why[donorLeaf{u.ParamNumber, u.ParamIndex.String()}] = u.Remark
	}
	return why
}

// reason says why the donor of a leaf is unused, as report.NewTable asks.
func (u unusedReasons) reason(param int64, index model.ShapeIndex) (string, bool) {
	r, ok := u[donorLeaf{param, index.String()}]
	return r.Reason, ok
}

// donor is reason as model.Config.JSONRecord asks.
func (u unusedReasons) donor(d model.Donor) (string, bool) {
	return u.reason(d.ParamNumber, d.ParamIndex)
}

// WriteRemarks writes every module's remarks as mlir-opt prints them with
// --remark-format=emitRemark: "FILE:LINE:COL: remark: [Kind] PASS |
// Category:... | Reason=..., Remark=..., Suggestion=...", then the
// source line and a caret under the column. A file that changed since it
// was processed is its ChangedError, after the remarks written so far.
func (r *Result) WriteRemarks(w io.Writer) error {
	ms, err := r.modulesTo(w)
	if err != nil {
		return err
	}
	var in *input
	bw := bufio.NewWriter(w)
	for _, m := range ms {
		if len(m.Remarks) == 0 {
			continue
		}
		if in == nil {
			if in, err = r.output(); err != nil {
				return err
			}
		}
		gerr := in.Guard(func() {
			src := in.Data[m.Start:m.End]
			for _, x := range m.Remarks {
				if err = remarks.WriteDiagnostic(bw, x, src); err != nil {
					return
				}
			}
		})
		if err = cmp.Or(gerr, err, in.Unchanged()); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// WriteRemarksYAML writes every module's remarks as LLVM's YAML remark
// records, as mlir-opt --remark-format=yaml writes them.
func (r *Result) WriteRemarksYAML(w io.Writer) error {
	ms, err := r.modulesTo(w)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	for _, m := range ms {
		for _, x := range m.Remarks {
			if err := remarks.WriteYAML(bw, x); err != nil {
				return err
			}
		}
	}
	return bw.Flush()
}
