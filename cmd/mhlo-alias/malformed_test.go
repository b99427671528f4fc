package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"
)

// deadline is how long one malformed input may take; longer is a hang.
const deadline = 5 * time.Second

// toolRun is the outcome of one in-process run of the tool.
type toolRun struct {
	code           int
	stdout, stderr string
	panic          string // the panic value and stack, if it panicked
}

// runBounded runs the tool in-process under the deadline, turning a panic
// into a result and a hang into a test failure.
func runBounded(t *testing.T, args []string, stdin []byte) toolRun {
	t.Helper()
	done := make(chan toolRun, 1)
	go func() {
		var r toolRun
		defer func() {
			if p := recover(); p != nil {
				r.panic = fmt.Sprintf("%v\n%s", p, debug.Stack())
				done <- r
			}
		}()
		r.code, r.stdout, r.stderr = runTool(args, stdin)
		done <- r
	}()
	select {
	case r := <-done:
		return r
	case <-time.After(deadline):
		t.Fatalf("%s: no result after %v: the tool hangs", shortArgs(args), deadline)
	}
	return toolRun{}
}

// shortArgs prints args for a message, cutting long ones.
func shortArgs(args []string) string {
	out := make([]string, len(args))
	for i, a := range args {
		if len(a) > 60 {
			a = a[:60] + "..."
		}
		out[i] = a
	}
	return strings.Join(out, " ")
}

// diagnosis is what a malformed input must produce: an error at line:col
// (col 0: any column on that line; line 0: any position inside the input)
// whose message holds msg.
type diagnosis struct {
	line, col int
	msg       string
}

// checkRejected requires exit status 1, nothing on stdout, no panic,
// printable diagnostics, and an error diagnostic as want says, named
// display; src is the input, to check positions against.
func checkRejected(t *testing.T, r toolRun, display string, src []byte, want diagnosis) {
	t.Helper()
	if r.panic != "" || strings.Contains(r.stderr, "panic") || strings.Contains(r.stderr, "goroutine ") {
		t.Fatalf("panic:\n%s%s", r.panic, cut(r.stderr))
	}
	if r.code != 1 {
		t.Fatalf("exit status %d, want 1; stderr:\n%s", r.code, cut(r.stderr))
	}
	if r.stdout != "" {
		t.Errorf("stdout holds %d bytes, want none:\n%s", len(r.stdout), cut(r.stdout))
	}
	if !findDiagnostic(r.stderr, display, src, want) {
		t.Errorf("no diagnostic %s:%d:%d: error: ...%s...; stderr:\n%s", display, want.line, want.col, want.msg, cut(r.stderr))
	}
}

// findDiagnostic reports whether stderr holds an error line that matches
// want and points inside src, followed, as mlir-opt prints it, by the
// source line (a window of at most 120 columns) and a caret line whose
// caret stands under a column of that line.
func findDiagnostic(stderr, display string, src []byte, want diagnosis) bool {
	lines := strings.Split(stderr, "\n")
	for i, line := range lines {
		rest, ok := strings.CutPrefix(line, display+":")
		if !ok {
			continue
		}
		pos, msg, ok := strings.Cut(rest, ": error: ")
		if !ok || !strings.Contains(msg, want.msg) {
			continue
		}
		l, c, ok := parseLineCol(pos)
		if !ok || !inside(src, l, c) {
			continue
		}
		if (want.line == 0 || l == want.line) && (want.col == 0 || c == want.col) {
			return hasSourceLine(lines[i+1:], src, l)
		}
	}
	return false
}

// hasSourceLine reports whether after begins with a source line that is
// (a window of) line l of src, with its bytes escaped, and a caret line.
func hasSourceLine(after []string, src []byte, l int) bool {
	if len(after) < 2 {
		return false
	}
	shown, caret := after[0], after[1]
	text := string(bytes.Split(src, []byte("\n"))[l-1])
	var esc strings.Builder
	for i := 0; i < len(text); {
		r, n := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == '\t':
			esc.WriteString(" ") // tabs expand to stops; compare loosely
		case r == utf8.RuneError && n <= 1, r < 0x20, r == 0x7f, !unicode.IsPrint(r) && r != ' ':
			for _, c := range []byte(text[i : i+n]) {
				fmt.Fprintf(&esc, "\\x%02x", c)
			}
		default:
			esc.WriteString(text[i : i+n])
		}
		i += n
	}
	trimmed := strings.TrimRight(caret, "^")
	if len(trimmed) != len(caret)-1 || strings.Trim(trimmed, " ") != "" || len(trimmed) > utf8.RuneCountInString(shown) {
		return false
	}
	if utf8.RuneCountInString(shown) > 120 {
		return false
	}
	if strings.ContainsRune(text, '\t') {
		return true
	}
	return strings.Contains(strings.TrimSuffix(esc.String(), "\r"), shown)
}

func parseLineCol(s string) (int, int, bool) {
	ls, cs, ok := strings.Cut(s, ":")
	l, err1 := strconv.Atoi(ls)
	c, err2 := strconv.Atoi(cs)
	return l, c, ok && err1 == nil && err2 == nil
}

// inside reports whether line:col is a position in src, the end of the
// text included.
func inside(src []byte, line, col int) bool {
	lines := bytes.Split(src, []byte("\n"))
	return line >= 1 && line <= len(lines) && col >= 1 && col <= len(lines[line-1])+1
}

// checkPrintable requires diagnostics to be valid UTF-8 without control
// characters, whatever bytes the input holds.
func checkPrintable(t *testing.T, stderr string) {
	t.Helper()
	if !utf8.ValidString(stderr) {
		t.Errorf("stderr is not valid UTF-8: %q", cut(stderr))
	}
	for _, c := range stderr {
		if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f {
			t.Errorf("stderr holds the control character %q: %q", c, cut(stderr))
			return
		}
	}
}

// cut shortens a text for a failure message.
func cut(s string) string {
	if len(s) > 2000 {
		return s[:2000] + fmt.Sprintf("... (%d bytes)", len(s))
	}
	return s
}

// readExpectation reads the header of a file of testdata/malformed: a
// first line `// ERROR: line:col: message`, and optionally a line
// `// FLAGS: ...` with the flags to run the tool with.
func readExpectation(t *testing.T, src []byte) (diagnosis, []string) {
	t.Helper()
	first, rest, _ := strings.Cut(string(src), "\n")
	spec, ok := strings.CutPrefix(first, "// ERROR: ")
	if !ok {
		t.Fatalf("the first line must be `// ERROR: line:col: message`, got %q", first)
	}
	parts := strings.SplitN(spec, ": ", 2)
	l, c, ok := parseLineCol(parts[0])
	if !ok || len(parts) != 2 || parts[1] == "" {
		t.Fatalf("bad ERROR line %q", first)
	}
	var flags []string
	if f, ok := strings.CutPrefix(rest, "// FLAGS: "); ok {
		line, _, _ := strings.Cut(f, "\n")
		flags = strings.Fields(line)
	}
	return diagnosis{l, c, parts[1]}, flags
}

// TestMalformedCorpus runs the tool on every file of testdata/malformed:
// each must be rejected with its expected diagnostic, fast, without a
// panic and without output.
func TestMalformedCorpus(t *testing.T) {
	files, err := filepath.Glob("../../testdata/malformed/*.mlir")
	if err != nil || len(files) < 50 {
		t.Fatalf("want at least 50 malformed inputs, found %d (%v)", len(files), err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".mlir"), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			want, flags := readExpectation(t, src)
			r := runBounded(t, append(flags, file), nil)
			checkRejected(t, r, file, src, want)
			checkPrintable(t, r.stderr)
		})
	}
}

// goodCustom is a module in custom form with every construct the tool
// reads: aliases, module attributes, every alias and donor encoding,
// layouts, locations, result and function attributes, a body with strings
// and the resource trailer.
const goodCustom = `#loc = loc("model.py":1:2)
!t = tuple<tensor<8xi32>, tensor<2xf16>>
module @m attributes {mhlo.input_output_alias = [{alias = {kind = "must_alias", parameter_index = array<i64: 0>, parameter_number = 2 : i64}, output_index = array<i64: 0>}, {alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 1 : i64}, output_index = array<i64: 1>}], mhlo.xla_entry_computation_parameter_layouts = [dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>, [dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>]]} {
  func.func public @main(%arg0: tensor<2x3xf32> {jax.buffer_donor = true}, %arg1: tensor<4xf32> {mhlo.layout_mode = "default", tf.aliasing_output = 1 : i32} loc(#loc), %arg2: !t {mhlo.result_alias = #mhlo.result_alias<tuple_indices = [0], result_index = [0], must_alias>}) -> (tensor<8xi32> {jax.result_info = "[0]"}, tensor<4xf32>) attributes {sym_visibility = "public"} {
    %0 = "mhlo.get_tuple_element"(%arg2) {index = 0 : i32, note = "}{"} : (!t) -> tensor<8xi32>
    return %0, %arg1 : tensor<8xi32>, tensor<4xf32>
  }
}
{-#
  dialect_resources: {
    builtin: {
      blob: "0x04000000"
    }
  }
#-}
`

// goodGeneric is a module in generic form, aliases in arg_attrs.
const goodGeneric = `"builtin.module"() <{sym_name = "m"}> ({
  "func.func"() <{arg_attrs = [{mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}, {jax.buffer_donor = true}], function_type = (tensor<2xf32>, tensor<3xi32>) -> tensor<2xf32>, res_attrs = [{}], sym_name = "main"}> ({
  ^bb0(%arg0: tensor<2xf32>, %arg1: tensor<3xi32>):
    "func.return"(%arg0) : (tensor<2xf32>) -> ()
  }) : () -> ()
}) {mhlo.frontend_attributes = {a = "b"}} : () -> ()
`

// TestTruncated cuts valid modules at every byte: every prefix must be
// rejected with a diagnostic inside it, except those that are themselves
// valid (the custom module cut between its closing brace and the resource
// trailer, or before the final newline), which must come out unchanged.
func TestTruncated(t *testing.T) {
	custom := strings.Index(goodCustom, "\n}\n") + 2
	cases := []struct {
		name      string
		src       string
		validFrom int // prefixes of lengths [validFrom, validTo] are valid
		validTo   int
		bugFrom   int // prefixes of lengths [bugFrom, bugTo] are a known bug
		bugTo     int
	}{
		{"custom", goodCustom, custom, strings.Index(goodCustom, "{-#"), -1, -1},
		// The generic module's operation type cut after "()" or "() -" is
		// accepted: see TestTruncatedGenericType.
		{"generic", goodGeneric, len(goodGeneric) - 1, len(goodGeneric) - 1,
			strings.LastIndex(goodGeneric, ": ()") + len(": ()"), strings.LastIndex(goodGeneric, ": () -") + len(": () -")},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := tc.src
			if r := runBounded(t, nil, []byte(src)); r.code != 0 || r.stdout != src {
				t.Fatalf("the whole module: exit %d\n%s", r.code, r.stderr)
			}
			for n := 0; n < len(src); n++ {
				if n >= tc.bugFrom && n <= tc.bugTo {
					continue
				}
				prefix := []byte(src[:n])
				r := runBounded(t, nil, prefix)
				if n == len(src)-1 || n >= tc.validFrom && n <= tc.validTo {
					if r.code != 0 || r.stdout != string(prefix) {
						t.Errorf("cut at %d (a valid module): exit %d, stdout %q\n%s", n, r.code, cut(r.stdout), r.stderr)
					}
					continue
				}
				checkTruncation(t, r, n, prefix)
			}
		})
	}
}

// checkTruncation requires a truncated module to be rejected.
func checkTruncation(t *testing.T, r toolRun, n int, prefix []byte) {
	t.Helper()
	if r.code != 1 || r.stdout != "" || r.panic != "" || !findDiagnostic(r.stderr, "<stdin>", prefix, diagnosis{}) {
		t.Errorf("cut at %d (...%q): exit %d, stdout %q, stderr:\n%s%s", n, prefix[max(0, n-30):], r.code, cut(r.stdout), r.stderr, r.panic)
	}
}

// TestTruncatedGenericType cuts the generic module inside its operation
// type, after ": ()" and ": () -": MLIR rejects both.
func TestTruncatedGenericType(t *testing.T) {
	for _, end := range []string{": ()", ": () ", ": () -"} {
		n := strings.LastIndex(goodGeneric, ": () -> ()") + len(end)
		prefix := []byte(goodGeneric[:n])
		checkTruncation(t, runBounded(t, nil, prefix), n, prefix)
	}
}

// generated is a malformed input made at test time; want.col is the
// column of the first occurrence of at, plus shift, when at is set.
type generated struct {
	name  string
	src   []byte
	flags []string
	want  diagnosis
	at    string
	shift int    // added to the column of at
	bug   string // a known bug: the case is skipped with this reason
}

// rep repeats s n times.
func rep(s string, n int) string { return strings.Repeat(s, n) }

// generatedInputs are the inputs too large or too binary to commit:
// 100k-deep nesting, megabyte names, NUL bytes and invalid UTF-8.
func generatedInputs() []generated {
	const deep = 100_000
	const mb = 1 << 20
	sig := func(arg string) string { return "func.func @main(%a: " + arg + ") -> tensor<2xf32>\n" }
	nest := diagnosis{line: 1, msg: "nesting is deeper than 200 levels"}
	cases := []generated{
		{name: "deep tuple type", src: []byte(sig(rep("tuple<", deep) + "tensor<2xf32>" + rep(">", deep))), want: nest},
		{name: "deep tuple type unclosed", src: []byte(sig(rep("tuple<", deep))), want: nest},
		{name: "deep tensor type", src: []byte(sig(rep("tensor<", deep) + "f32" + rep(">", deep))), want: nest},
		{name: "deep complex type", src: []byte(sig("tensor<2x" + rep("complex<", deep) + "f32" + rep(">", deep) + ">")), want: nest},
		{name: "deep dialect type", src: []byte(sig("!foo.bar" + rep("<", deep) + rep(">", deep))), want: nest},
		{name: "deep function type", src: []byte(sig("tensor<2xf32> {x = " + rep("(", deep) + rep(") -> ()", deep) + "}")), want: nest},
		{name: "deep type alias", src: []byte("!t = " + rep("tuple<", deep) + "tensor<2xf32>" + rep(">", deep) + "\n" + sig("!t")), want: nest},
		{name: "deep generic function type", src: []byte(`"func.func"() <{function_type = (` + rep("tuple<", deep) + "tensor<2xf32>" + rep(">", deep) + `) -> (), sym_name = "main"}> ({` + "\n}) : () -> ()\n"), want: nest},
		{name: "deep array attribute", src: []byte(sig("tensor<2xf32> {x = " + rep("[", deep) + rep("]", deep) + "}")), want: nest},
		{name: "deep dictionary attribute", src: []byte(sig("tensor<2xf32> {x = " + rep("{a = ", deep) + "1" + rep("}", deep) + "}")), want: nest},
		{name: "deep unclosed dictionaries", src: []byte(sig("tensor<2xf32> {x = " + rep("{a = ", deep))), at: "{",
			want: diagnosis{line: 1, msg: "unbalanced '{': no matching '}'"}},
		{name: "deep dense attribute", src: []byte(sig("tensor<2xf32> {x = dense<" + rep("[", deep) + "1" + rep("]", deep) + "> : tensor<1xf32>}")), want: nest},
		{name: "deep dialect attribute", src: []byte(sig("tensor<2xf32> {x = #foo.bar" + rep("<", deep) + rep(">", deep) + "}")), want: nest},
		{name: "deep result alias", src: []byte(sig("tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = " + rep("[", deep) + rep("]", deep) + ">}")), want: nest},
		{name: "deep location", src: []byte(sig("tensor<2xf32> loc(" + rep("(", deep) + rep(")", deep) + ")")), want: nest},
		{name: "deep module attribute", src: []byte("module attributes {x = " + rep("[", deep) + rep("]", deep) + "} {\n" + sig("tensor<2xf32>") + "}\n"), want: nest},
		{name: "deep attribute alias read as result alias", src: []byte("#t = " + rep("[", deep) + rep("]", deep) + "\n" + sig("tensor<2xf32> {mhlo.result_alias = #t}")), want: nest},
		{name: "deep attribute alias read as layouts", src: []byte("#t = " + rep("[", deep) + rep("]", deep) + "\nmodule attributes {mhlo.xla_entry_computation_parameter_layouts = #t} {\n" + sig("tensor<2xf32>") + "}\n"), want: nest},
		{name: "deep unclosed body", src: []byte("func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> " + rep("{", deep)), want: diagnosis{line: 1, msg: "unbalanced '{'"}},

		{name: "megabyte argument name", src: []byte(sig("tensor<2xf32> {tf.aliasing_output = -1 : i32}")), at: "tf.aliasing_output",
			want: diagnosis{line: 1, msg: "tf.aliasing_output of argument 0 must be >= 0, got -1"}},
		{name: "megabyte symbol name", src: []byte("func.func @" + rep("f", mb) + "(%a: tensor<2xf32>) -> tensor<2xf32>\n"),
			want: diagnosis{line: 1, col: 1, msg: "entry function @main not found; functions found: @fff"}},
		{name: "megabyte module name", src: []byte("module @" + rep("m", mb) + " {\n" + sig("tensor<2xf32> {tf.aliasing_output = -1 : i32}") + "}\n"), at: "tf.aliasing_output",
			want: diagnosis{line: 2, msg: "must be >= 0"}},
		{name: "megabyte key", src: []byte(sig("tensor<2xf32> {" + rep("k", mb) + " = 1, mhlo.result_alias = 3}")), at: "mhlo.result_alias",
			want: diagnosis{line: 1, msg: "must be a #mhlo.result_alias<...>"}},
		{name: "megabyte duplicate string key", src: []byte(sig(`tensor<2xf32> {"` + rep("k", mb) + `" = 1, ` + rep("k", mb) + " = 2}")), at: ", k", shift: 2,
			want: diagnosis{line: 1, msg: "duplicate key 'kkk"}},
		{name: "megabyte type alias name", src: []byte(sig("!" + rep("t", mb))), at: "!t",
			want: diagnosis{line: 1, msg: "undefined symbol alias id 'ttt"}},
		{name: "megabyte attribute alias name", src: []byte(sig("tensor<2xf32> {mhlo.result_alias = #" + rep("a", mb) + "}")), at: "mhlo.result_alias",
			want: diagnosis{line: 1, msg: "must be a #mhlo.result_alias<...>"}},
		{name: "megabyte integer", src: []byte(sig("tensor<2xf32> {tf.aliasing_output = " + rep("9", mb) + " : i32}")), at: "tf.aliasing_output",
			want: diagnosis{line: 1, msg: "must be an integer that fits in 64 bits"}},
		{name: "megabyte dimension", src: []byte(sig("tensor<" + rep("9", mb) + "xf32>")), at: "tensor<9",
			want: diagnosis{line: 1, msg: "does not fit in 64 bits"}},
		{name: "megabyte result index", src: []byte(sig("tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [" + rep("9", mb) + "]>}")), at: "99",
			want: diagnosis{line: 1, msg: "integer value too large"}},
		{name: "megabyte unterminated string", src: []byte(sig(`tensor<2xf32> {a = "` + rep("s", mb) + "}")), at: `"`,
			want: diagnosis{line: 1, msg: "unterminated string"}},
		{name: "megabyte comment line", src: []byte("// " + rep("c", mb) + "\n" + sig("tensor<2xf32> {tf.aliasing_output = -1 : i32}")), at: "tf.aliasing_output",
			want: diagnosis{line: 2, msg: "must be >= 0"}},

		{name: "invalid UTF-8 in an argument name", src: []byte(sig("tensor<2xf32>")[:17] + "\xff" + sig("tensor<2xf32>")[17:]), at: "%",
			want: diagnosis{line: 1, msg: `invalid symbol "%"`}},
		{name: "invalid UTF-8 in a key", src: []byte(sig("tensor<2xf32> {\xff = 1}")), at: "\xff",
			want: diagnosis{line: 1, msg: "unexpected character"}},
		{name: "overlong UTF-8 in a key", src: []byte(sig("tensor<2xf32> {a\xc0\xaf = 1}")), at: "\xc0",
			want: diagnosis{line: 1, msg: "unexpected character"}},
		{name: "invalid UTF-8 in a type", src: []byte(sig("tensor<2x\xfef32>")), at: "\xfe",
			want: diagnosis{line: 1, msg: "unexpected character"}},
		{name: "invalid UTF-8 in a result alias", src: []byte(sig("tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [\xff]>}")), at: "\xff",
			want: diagnosis{line: 1, msg: "unexpected character"}},
		{name: "invalid UTF-8 in module attributes", src: []byte("module attributes {\xff} {\n" + sig("tensor<2xf32>") + "}\n"), at: "\xff",
			want: diagnosis{line: 1, msg: "unexpected character"}},
		{name: "NUL in a result alias", src: []byte(sig("tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0\x00]>}")), at: "\x00",
			want: diagnosis{line: 1, msg: "unexpected character"}},
		{name: "NUL after the function name", src: []byte("func.func @main\x00(%a: tensor<2xf32>) -> tensor<2xf32>\n"), at: "\x00",
			want: diagnosis{line: 1, msg: "expected '(' in function signature"}},
		{name: "NUL in a type", src: []byte(sig("tensor<2x\x00f32>")), at: "\x00", want: diagnosis{line: 1, msg: "unexpected character"}},
		{name: "NUL after an argument", src: []byte(sig("tensor<2xf32>\x00")), at: "\x00", want: diagnosis{line: 1, msg: "unexpected character"}},
		{name: "NUL in a key", src: []byte(sig("tensor<2xf32> {a\x00b = 1}")), at: "\x00", want: diagnosis{line: 1, msg: "unexpected character"}},
		{name: "NUL in module attributes", src: []byte("module attributes {a = \x00} {\n" + sig("tensor<2xf32>") + "}\n"), at: "\x00", want: diagnosis{line: 1, msg: "unexpected character"}},
		{name: "megabyte entry name", src: []byte("func.func @" + rep("e", mb) + "(%a: tensor<2xf32> {tf.aliasing_output = -1 : i32}) -> tensor<2xf32>\n"), flags: []string{"--entry=" + rep("e", mb)},
			at: "tf.aliasing_output", want: diagnosis{line: 1, msg: "must be >= 0"}},
	}
	cases[19].src = []byte("func.func @main(%" + rep("a", mb) + ": tensor<2xf32> {tf.aliasing_output = -1 : i32}) -> tensor<2xf32>\n")
	return cases
}

// TestMalformedGenerated runs the tool on the generated malformed inputs,
// written to files.
func TestMalformedGenerated(t *testing.T) {
	dir := t.TempDir()
	for i, g := range generatedInputs() {
		t.Run(g.name, func(t *testing.T) {
			if g.bug != "" {
				t.Skip("bug: " + g.bug)
			}
			path := filepath.Join(dir, fmt.Sprintf("gen%d.mlir", i))
			if err := os.WriteFile(path, g.src, 0o644); err != nil {
				t.Fatal(err)
			}
			want := g.want
			if g.at != "" {
				off := bytes.Index(g.src, []byte(g.at))
				if off < 0 {
					t.Fatalf("%q is not in the input", g.at)
				}
				want.col = off - bytes.LastIndexByte(g.src[:off], '\n') + g.shift
			}
			r := runBounded(t, append(g.flags, path), nil)
			checkRejected(t, r, path, g.src, want)
			checkPrintable(t, r.stderr)
		})
	}
}
