package mhloalias

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/remarks"
)

// expectation is one `// expected-error @+1 {{text}}` annotation.
type expectation struct {
	pos      ast.Pos // of the annotation
	line     int     // the line the diagnostic must be on
	severity ast.Severity
	remark   bool // expected-remark: matched against remarks, not diagnostics
	text     string
	matched  bool
}

// expectRE matches mlir-opt's annotations: expected-error, -warning or
// -note, an optional @+N, @-N, @above or @below, and {{text}}.
// It is compiled on first use: only --verify-diagnostics reads
// annotations, and compiling it costs every run of the command 1.4% of
// its time on a small module.
var expectRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`expected-(error|warning|note|remark) *(@([+-][0-9]+|above|below))? *\{\{(.*?)\}\}`)
})

// parseExpectations reads the annotations of one chunk; lineOffset is the
// number of lines before it in the file.
func parseExpectations(name string, src []byte, lineOffset int) ([]*expectation, ast.ErrorList) {
	var out []*expectation
	var errs ast.ErrorList
	off := 0 // of the line in src
	for i, line := range strings.Split(string(src), "\n") {
		lineNo := lineOffset + i + 1
		for _, m := range expectRE().FindAllStringSubmatchIndex(line, -1) {
			e := &expectation{
				pos:      ast.Pos{Filename: name, Offset: off + m[0], Line: lineNo, Column: m[0] + 1},
				line:     lineNo,
				severity: severities[line[m[2]:m[3]]],
				remark:   line[m[2]:m[3]] == "remark",
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
		if strings.Contains(line, "expected-") && !expectRE().MatchString(line) && strings.Contains(line, "{{") {
			col := strings.Index(line, "expected-")
			errs.Add(ast.Pos{Filename: name, Offset: off + col, Line: lineNo, Column: col + 1}, "unexpected diagnostic annotation: expected @+N, @-N, @above or @below and {{text}}")
		}
		off += len(line) + 1
	}
	return out, errs
}

// severities are the severities of the annotations' kinds.
var severities = map[string]ast.Severity{"error": ast.SevError, "warning": ast.SevWarning, "note": ast.SevNote, "remark": ast.SevNote}

// verifyDiagnostics matches diagnostics and remarks with expectations,
// as mlir-opt --verify-diagnostics does: each diagnostic must be expected
// on its line with its severity and a message containing the text, each
// remark by an expected-remark on its line whose text is part of the
// remark as emitRemark prints it ("[Missed] PASS | Category:... | ..."),
// and each expectation must be met. It returns the failures.
func verifyDiagnostics(expected []*expectation, diags ast.ErrorList, rs []ast.Remark) ast.ErrorList {
	var errs ast.ErrorList
	var plain []*expectation
	byLine := map[int][]*expectation{} // remark expectations, by line
	for _, e := range expected {
		if e.remark {
			byLine[e.line] = append(byLine[e.line], e)
		} else {
			plain = append(plain, e)
		}
	}
	for _, d := range diags {
		if e := find(plain, d); e != nil {
			e.matched = true
			continue
		}
		errs = append(errs, &ast.Error{Pos: d.Pos, Msg: fmt.Sprintf("unexpected %s: %s", d.Severity, d.Msg)})
	}
	for _, r := range rs {
		if e := findRemark(byLine[r.Pos.Line], r); e != nil {
			e.matched = true
			continue
		}
		errs = append(errs, &ast.Error{Pos: r.Pos, Msg: "unexpected remark: " + remarks.Message(r)})
	}
	for _, e := range expected {
		if !e.matched {
			what := e.severity.String()
			if e.remark {
				what = "remark"
			}
			errs = append(errs, &ast.Error{Pos: e.pos, Msg: fmt.Sprintf("expected %s %q was not produced", what, e.text)})
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

// findRemark returns the first unmatched expectation of a line that r
// meets; the line's expectations are few, so matching stays linear in
// the number of remarks.
func findRemark(line []*expectation, r ast.Remark) *expectation {
	var msg string
	for _, e := range line {
		if e.matched {
			continue
		}
		if msg == "" {
			msg = remarks.Message(r)
		}
		if strings.Contains(msg, e.text) {
			return e
		}
	}
	return nil
}
