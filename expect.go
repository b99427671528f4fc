package mhloalias

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// expectation is one `// expected-error @+1 {{text}}` annotation.
type expectation struct {
	pos      ast.Pos // of the annotation
	line     int     // the line the diagnostic must be on
	severity ast.Severity
	text     string
	matched  bool
}

// expectRE matches mlir-opt's annotations: expected-error, -warning or
// -note, an optional @+N, @-N, @above or @below, and {{text}}.
var expectRE = regexp.MustCompile(`expected-(error|warning|note|remark) *(@([+-][0-9]+|above|below))? *\{\{(.*?)\}\}`)

// parseExpectations reads the annotations of one chunk; lineOffset is the
// number of lines before it in the file.
func parseExpectations(name string, src []byte, lineOffset int) ([]*expectation, ast.ErrorList) {
	var out []*expectation
	var errs ast.ErrorList
	for i, line := range strings.Split(string(src), "\n") {
		lineNo := lineOffset + i + 1
		for _, m := range expectRE.FindAllStringSubmatchIndex(line, -1) {
			e := &expectation{
				pos:      ast.Pos{Filename: name, Line: lineNo, Column: m[0] + 1},
				line:     lineNo,
				severity: severityOf(line[m[2]:m[3]]),
				text:     line[m[8]:m[9]],
			}
			if m[6] >= 0 {
				switch at := line[m[6]:m[7]]; at {
				case "above":
					e.line--
				case "below":
					e.line++
				default:
					n, _ := strconv.Atoi(at)
					e.line += n
				}
			}
			out = append(out, e)
		}
		if strings.Contains(line, "expected-") && !expectRE.MatchString(line) && strings.Contains(line, "{{") {
			errs.Add(ast.Pos{Filename: name, Line: lineNo, Column: strings.Index(line, "expected-") + 1}, "unexpected diagnostic annotation: expected @+N, @-N, @above or @below and {{text}}")
		}
	}
	return out, errs
}

func severityOf(s string) ast.Severity {
	switch s {
	case "warning":
		return ast.SevWarning
	case "note", "remark":
		return ast.SevNote
	}
	return ast.SevError
}

// verifyDiagnostics matches diagnostics with expectations, as mlir-opt
// --verify-diagnostics does: each diagnostic must be expected on its line
// with its severity and a message containing the text, and each
// expectation must be met. It returns the failures.
func verifyDiagnostics(expected []*expectation, diags ast.ErrorList) ast.ErrorList {
	var errs ast.ErrorList
	for _, d := range diags {
		if e := find(expected, d); e != nil {
			e.matched = true
			continue
		}
		errs = append(errs, &ast.Error{Pos: d.Pos, Msg: fmt.Sprintf("unexpected %s: %s", d.Severity, d.Msg)})
	}
	for _, e := range expected {
		if !e.matched {
			errs = append(errs, &ast.Error{Pos: e.pos, Msg: fmt.Sprintf("expected %s %q was not produced", e.severity, e.text)})
		}
	}
	return errs
}

func find(expected []*expectation, d *ast.Error) *expectation {
	for _, e := range expected {
		if !e.matched && e.line == d.Pos.Line && e.severity == d.Severity && strings.Contains(d.Msg, e.text) {
			return e
		}
	}
	return nil
}
