package mhloalias

import (
	"errors"
	"io"
	"strconv"

	"github.com/mhlo-alias/mhlo-alias/report"
)

// Report gathers the alias tables of modules into one HTML page (the
// command's --report): an index with the totals when there is more than
// one module, then a section for each. Its zero value is empty; modules
// are shown in the order they were added. Give the Options
// ExplainDonors, so that each unused donor carries the reason the
// pipeline's last donation pass gave.
type Report struct {
	modules []report.Module
}

// reportErrorLimit is the number of errors a failed module's section
// shows at most.
const reportErrorLimit = 20

// Add adds every module of res, those that failed with their errors.
func (r *Report) Add(res *Result) {
	if r == nil || res == nil {
		return
	}
	for _, m := range res.Modules {
		if m == nil {
			continue
		}
		rm := report.Module{File: res.Name, Chunk: m.Chunk, ShowChunk: len(res.Modules) > 1, OK: m.OK && m.Config != nil}
		if rm.OK {
			rm.Table = newTable(m.Config, m.UnusedDonors, m.Compared)
		} else {
			rm.Diagnostics = diagnosticLines(m)
		}
		r.modules = append(r.modules, rm)
	}
}

// diagnosticLines are a failed module's messages, at most
// reportErrorLimit errors and a count of the rest.
func diagnosticLines(m *Module) []string {
	shown, hidden := limitErrors(m.Diagnostics, reportErrorLimit)
	var out []string
	for _, d := range shown {
		out = append(out, d.Error())
	}
	if hidden > 0 {
		out = append(out, strconv.Itoa(hidden)+" more errors not shown")
	}
	return out
}

// AddError adds an input that could not be read at all (a missing file):
// a failed module named name, with err as its message.
func (r *Report) AddError(name string, err error) {
	if r == nil {
		return
	}
	msg := "failed"
	if err != nil {
		msg = err.Error()
	}
	r.modules = append(r.modules, report.Module{File: name, Diagnostics: []string{msg}})
}

// Append adds the modules of o after those of r.
func (r *Report) Append(o *Report) {
	if r == nil || o == nil {
		return
	}
	r.modules = append(r.modules, o.modules...)
}

// Len is the number of modules added.
func (r *Report) Len() int {
	if r == nil {
		return 0
	}
	return len(r.modules)
}

// WriteHTML writes the report: one self-contained HTML page, which needs
// no network, script, font or style from elsewhere.
func (r *Report) WriteHTML(w io.Writer) error {
	if r == nil {
		r = &Report{}
	}
	if w == nil {
		return errors.New("no writer")
	}
	rep := report.Report{Title: "mhlo-alias report", Modules: r.modules}
	switch len(r.modules) {
	case 0:
	case 1:
		rep.Title += ": " + r.modules[0].Name()
	default:
		rep.Title += ": " + strconv.Itoa(len(r.modules)) + " modules"
	}
	return rep.WriteHTML(w)
}

// WriteFile writes the report to the file at path, atomically, as the
// function WriteFile does.
func (r *Report) WriteFile(path string) error {
	return WriteFile(path, r.WriteHTML)
}
