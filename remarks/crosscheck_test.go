package remarks

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"go.yaml.in/yaml/v3"
)

// mlirOpt22 finds LLVM 22's mlir-opt, which has the remark flags; the
// cross-checks skip without it unless MHLO_ALIAS_REQUIRE_LLVM=1.
func mlirOpt22(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"mlir-opt-22", "/usr/lib/llvm-22/bin/mlir-opt"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	if os.Getenv("MHLO_ALIAS_REQUIRE_LLVM") == "1" {
		t.Fatal("mlir-opt of LLVM 22 is required (MHLO_ALIAS_REQUIRE_LLVM=1) but neither mlir-opt-22 nor /usr/lib/llvm-22/bin/mlir-opt exists")
	}
	t.Skip("mlir-opt of LLVM 22 not found; set MHLO_ALIAS_REQUIRE_LLVM=1 to require it")
	return ""
}

// The module mlir-opt's test-remark pass reports on: it makes one remark
// of each kind at every operation it visits.
const crossSrc = "module {\n  func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n\treturn %arg0 : tensor<4xf32>\n  }\n}\n"

func runMLIR(t *testing.T, dir string, args ...string) []byte {
	t.Helper()
	in := filepath.Join(dir, "in.mlir")
	if err := os.WriteFile(in, []byte(crossSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(mlirOpt22(t), append([]string{"--test-remark", "in.mlir", "-o", os.DevNull}, args...)...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("mlir-opt: %v\n%s", err, stderr.Bytes())
	}
	return stderr.Bytes()
}

// diagLine is the shape of an emitRemark line: position, kind, remark
// name, category and the KEY=VALUE fields.
var diagLine = regexp.MustCompile(`^([^:]+):(\d+):(\d+): remark: \[(Passed|Missed|Failure|Analysis)\] (\S+) \| Category:(\S+) \| (.*)$`)

// fieldRE takes one KEY=VALUE field off the front of the field list.
var fieldRE = regexp.MustCompile(`^(\w+)=("[^"]*"|[^,"]*)(, |$)`)

type parsedDiag struct {
	pos, kind, name, category string
	fields                    map[string]string
	source, caret             string
}

// parseDiags reads emitRemark output: each remark line followed by its
// source line and caret line.
func parseDiags(t *testing.T, out []byte) []parsedDiag {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	var ds []parsedDiag
	for i := 0; i < len(lines); i += 3 {
		m := diagLine.FindStringSubmatch(lines[i])
		if m == nil || i+2 >= len(lines) {
			t.Fatalf("not an emitRemark line with source and caret: %q", lines[i])
		}
		d := parsedDiag{pos: m[1] + ":" + m[2] + ":" + m[3], kind: m[4], name: m[5], category: m[6],
			fields: map[string]string{}, source: lines[i+1], caret: lines[i+2]}
		for rest := m[7]; rest != ""; {
			f := fieldRE.FindStringSubmatch(rest)
			if f == nil {
				t.Fatalf("bad fields %q in %q", rest, lines[i])
			}
			d.fields[f[1]] = strings.Trim(f[2], `"`)
			rest = rest[len(f[0]):]
		}
		if !regexp.MustCompile(`^ *\^$`).MatchString(d.caret) {
			t.Fatalf("not a caret line: %q", d.caret)
		}
		ds = append(ds, d)
	}
	return ds
}

// fromParsed is the ast.Remark our printer would need to print d.
func fromParsed(d parsedDiag, src string) ast.Remark {
	kinds := map[string]ast.RemarkKind{"Passed": ast.RemarkPassed, "Missed": ast.RemarkMissed, "Failure": ast.RemarkFailure, "Analysis": ast.RemarkAnalysis}
	var line, col int
	parts := strings.Split(d.pos, ":")
	line, col = atoi(parts[1]), atoi(parts[2])
	off := 0
	for l := 1; l < line; l++ {
		off += strings.IndexByte(src[off:], '\n') + 1
	}
	return ast.Remark{Pos: ast.Pos{Filename: parts[0], Line: line, Column: col, Offset: off + col - 1},
		Kind: kinds[d.kind], Pass: d.name, Category: d.category,
		Message: d.fields["Remark"], Reason: d.fields["Reason"], Suggestion: d.fields["Suggestion"]}
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

// TestCrossCheckEmitRemark has mlir-opt 22 print its test remarks, parses
// them, prints the same remarks with WriteDiagnostic, and requires the
// same bytes: the line shape, the field order and quoting, the source
// line with its tab expanded and the caret.
func TestCrossCheckEmitRemark(t *testing.T) {
	out := runMLIR(t, t.TempDir(), "--remarks-filter=.*")
	theirs := parseDiags(t, out)
	if len(theirs) < 4 {
		t.Fatalf("mlir-opt printed %d remarks:\n%s", len(theirs), out)
	}
	var ours bytes.Buffer
	for _, d := range theirs {
		WriteDiagnostic(&ours, fromParsed(d, crossSrc), []byte(crossSrc))
	}
	if ours.String() != string(out) {
		t.Errorf("our emitRemark output differs from mlir-opt's:\n--- ours\n%s--- mlir-opt\n%s", ours.String(), out)
	}
	// Our own remarks parse with the same reader.
	var b bytes.Buffer
	WriteDiagnostic(&b, sample(), []byte(sampleSrc))
	d := parseDiags(t, b.Bytes())[0]
	if d.kind != "Missed" || d.category != "donor-unused" || d.fields["Reason"] != sample().Reason || d.fields["Remark"] != sample().Message {
		t.Errorf("our remark reads back as %+v", d)
	}
}

// yamlDoc is one YAML remark record as read back by a YAML library.
type yamlDoc struct {
	tag  string
	keys []string          // top-level keys, in order
	loc  []string          // DebugLoc keys, in order
	args [][]string        // each Args entry's keys
	vals map[string]string // top-level scalar values
	argv map[string]string // Args values by key
}

func readYAML(t *testing.T, data []byte) []yamlDoc {
	t.Helper()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var docs []yamlDoc
	for {
		var n yaml.Node
		err := dec.Decode(&n)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("YAML does not parse: %v\n%s", err, data)
		}
		m := n.Content[0]
		d := yamlDoc{tag: m.Tag, vals: map[string]string{}, argv: map[string]string{}}
		for i := 0; i+1 < len(m.Content); i += 2 {
			k, v := m.Content[i].Value, m.Content[i+1]
			d.keys = append(d.keys, k)
			switch k {
			case "DebugLoc":
				for j := 0; j+1 < len(v.Content); j += 2 {
					d.loc = append(d.loc, v.Content[j].Value)
					d.vals["DebugLoc."+v.Content[j].Value] = v.Content[j+1].Value
				}
			case "Args":
				for _, item := range v.Content {
					var ks []string
					for j := 0; j+1 < len(item.Content); j += 2 {
						ks = append(ks, item.Content[j].Value)
						d.argv[item.Content[j].Value] = item.Content[j+1].Value
					}
					d.args = append(d.args, ks)
				}
			default:
				d.vals[k] = v.Value
			}
		}
		docs = append(docs, d)
	}
	return docs
}

// TestCrossCheckYAML reads mlir-opt 22's YAML remarks and ours with a
// YAML library: the same tags, top-level keys, DebugLoc keys and Args
// keys; and a record of ours made from one of theirs is the same bytes.
func TestCrossCheckYAML(t *testing.T) {
	dir := t.TempDir()
	runMLIR(t, dir, "--remarks-filter=.*", "--remark-format=yaml", "--remarks-output-file=out.yaml")
	data, err := os.ReadFile(filepath.Join(dir, "out.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	theirs := readYAML(t, data)
	if len(theirs) < 4 {
		t.Fatalf("mlir-opt wrote %d records", len(theirs))
	}
	var b bytes.Buffer
	WriteYAML(&b, sample())
	r := sample()
	r.Kind, r.Suggestion = ast.RemarkAnalysis, ""
	WriteYAML(&b, r)
	ours := readYAML(t, b.Bytes())
	want := map[string]bool{"!Passed": true, "!Missed": true, "!Failure": true, "!Analysis": true}
	for _, docs := range [][]yamlDoc{theirs, ours} {
		for _, d := range docs {
			if !want[d.tag] || strings.Join(d.keys, ",") != "Pass,Name,DebugLoc,Function,Args" ||
				strings.Join(d.loc, ",") != "File,Line,Column" {
				t.Errorf("record %+v: tag or keys differ from mlir-opt's shape", d)
			}
			for _, a := range d.args {
				if len(a) != 1 || (a[0] != "Remark" && a[0] != "Reason" && a[0] != "Suggestion") {
					t.Errorf("Args entry keys %v", a)
				}
			}
		}
	}
	if got := ours[0]; got.vals["Pass"] != "donor-unused" || got.vals["DebugLoc.Line"] != "2" || got.argv["Reason"] != sample().Reason {
		t.Errorf("our record reads back as %+v", got)
	}
	// Byte for byte: print their first record from what the library read.
	d := theirs[0]
	kinds := map[string]ast.RemarkKind{"!Passed": ast.RemarkPassed, "!Missed": ast.RemarkMissed, "!Failure": ast.RemarkFailure, "!Analysis": ast.RemarkAnalysis}
	again := ast.Remark{Kind: kinds[d.tag], Category: d.vals["Pass"], Pass: d.vals["Name"],
		Pos:     ast.Pos{Filename: d.vals["DebugLoc.File"], Line: atoi(d.vals["DebugLoc.Line"]), Column: atoi(d.vals["DebugLoc.Column"])},
		Message: d.argv["Remark"], Reason: d.argv["Reason"], Suggestion: d.argv["Suggestion"]}
	if d.vals["Function"] != "<unknown function>" {
		again.Function = d.vals["Function"]
	}
	var one bytes.Buffer
	WriteYAML(&one, again)
	first := string(data[:bytes.Index(data, []byte("\n...\n"))+5])
	if one.String() != first {
		t.Errorf("our record differs:\n--- ours\n%s--- mlir-opt\n%s", one.String(), first)
	}
}
