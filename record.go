package mhloalias

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/internal/fileio"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// JSONOptions say how WriteJSON writes a result's records.
type JSONOptions struct {
	// File puts "file" (the Result's Name) and "chunk" first in every
	// record, for JSON Lines output of several modules.
	File bool
	// ErrorLimit is the number of errors a record's "diagnostics" holds
	// at most, as the command prints at most so many (0: no limit); the
	// warnings and notes after the last error shown are left out too, and
	// "more_errors" counts the errors left out.
	ErrorLimit int
}

// WriteJSON writes one JSON record per module, each on one line, failed
// modules included:
//
//	{"file": "a.mlir", "chunk": 0, "ok": true, "diagnostics": [], "more_errors": 0,
//	"output_shape": ..., "parameters": [...], "outputs": [...], "aliases": [...],
//	"donors": [...], "memory": {...}}
//
// "ok" is Module.OK. Each diagnostic is {"file", "line", "column",
// "severity", "message"}, line and column null when the input has none (a
// binary file). A module that failed has no keys after "more_errors";
// one that succeeded has those of model.Config.JSON, each donor with the
// "reason" it is unused when the module has one (Options.ExplainDonors).
// Names are written whole: a long one is read again from the input.
func (r *Result) WriteJSON(w io.Writer, o JSONOptions) error {
	ms, err := r.modulesTo(w)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	// A long name is read again from the input's text, when it is kept
	// and open.
	in := r.in
	if in == nil || r.closed {
		in = fileio.BytesInput(r.Name, nil)
	}
	gerr := in.Guard(func() {
		for _, m := range ms {
			var src []byte
			if m.Start >= 0 && m.Start <= m.End && m.End <= len(in.Data) {
				src = in.Data[m.Start:m.End]
			}
			m.writeJSONRecord(bw, r.Name, o, src)
		}
	})
	if err := bw.Flush(); err != nil {
		return err
	}
	return gerr
}

// writeJSONRecord writes WriteJSON's line for m, an input named name,
// whose text is src (nil when it is not kept).
func (m *Module) writeJSONRecord(w model.JSONWriter, name string, o JSONOptions, src []byte) {
	var b strings.Builder
	if o.File {
		fmt.Fprintf(&b, `"file": %s, "chunk": %d, `, model.JSONString(name), m.Chunk)
	}
	fmt.Fprintf(&b, `"ok": %t, `, m.OK)
	writeDiagnosticsJSON(&b, m.Diagnostics, o.ErrorLimit)
	if !m.OK || m.Config == nil {
		w.WriteString("{" + strings.TrimSuffix(b.String(), ", ") + "}\n")
		return
	}
	m.Config.WriteJSONRecord(w, b.String(), src, reasonsOf(m.UnusedDonors).donor)
}

// FailureJSON is the record of an input that could not be read at all (a
// missing file, a directory that cannot be listed): not ok, with err as
// its one diagnostic, at no line. A nil err is the message "failed".
func FailureJSON(name string, err error, o JSONOptions) string {
	msg := "failed"
	if err != nil {
		msg = err.Error()
	}
	m := &Module{Diagnostics: ast.ErrorList{{Pos: ast.Pos{Filename: name}, Msg: msg}}}
	var b strings.Builder
	m.writeJSONRecord(&b, name, o, nil)
	return b.String()
}

// writeDiagnosticsJSON writes "diagnostics": [...], "more_errors": N, and
// a trailing ", ".
func writeDiagnosticsJSON(b *strings.Builder, diags ast.ErrorList, limit int) {
	b.WriteString(`"diagnostics": [`)
	shown, hidden := limitErrors(diags, limit)
	for i, d := range shown {
		if i > 0 {
			b.WriteString(", ")
		}
		line, col := "null", "null"
		if d.Pos.IsValid() {
			line, col = strconv.Itoa(d.Pos.Line), strconv.Itoa(d.Pos.Column)
		}
		file := d.Pos.Filename
		if file == "" {
			file = "<stdin>"
		}
		fmt.Fprintf(b, `{"file": %s, "line": %s, "column": %s, "severity": %q, "message": %s}`,
			model.JSONString(file), line, col, d.Severity.String(), model.JSONString(ast.Escape(d.Msg)))
	}
	fmt.Fprintf(b, `], "more_errors": %d, `, hidden)
}

// limitErrors cuts diags before its error number limit+1 (0: no limit),
// the warnings and notes after it too; hidden is the errors cut.
func limitErrors(diags ast.ErrorList, limit int) (shown ast.ErrorList, hidden int) {
	errs, cut := 0, len(diags)
	for i, d := range diags {
		if d.Severity == ast.SevError {
			if errs++; limit > 0 && errs == limit+1 {
				cut = i
			}
		}
	}
	if cut == len(diags) {
		return diags, 0
	}
	return diags[:cut], errs - limit
}
