package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMalformedHLO runs the tool on every file of testdata/hlo/malformed:
// each must be rejected with its expected diagnostic (first line
// `// ERROR: line:col: message`), fast, without a panic and without
// output.
func TestMalformedHLO(t *testing.T) {
	files, err := filepath.Glob("../../testdata/hlo/malformed/*.hlo")
	if err != nil || len(files) < 30 {
		t.Fatalf("want at least 30 malformed HLO inputs, found %d (%v)", len(files), err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".hlo"), func(t *testing.T) {
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

// goodHLO is an HLO module with every construct the reader knows.
const goodHLO = `HloModule jit_f, is_scheduled=true, input_output_alias={ {0}: (0, {}, may-alias) }, buffer_donor={ (1, {}) }, entry_computation_layout={(f32[8,8]{1,0:T(8,128)S(5)}, s32[4]{0})->(f32[8,8]{1,0:T(8,128)S(5)}, s32[4]{0})}

%region (a: f32[], b: f32[]) -> f32[] {
  %a = f32[] parameter(0)
  %b = f32[] parameter(1)
  ROOT %sum = f32[] add(%a, %b), metadata={op_name="}{"} /* c */
}, execution_thread="main"

ENTRY %main.5 (p0: f32[8,8], p1: s32[4]) -> (f32[8,8], s32[4]) {
  %p0 = f32[8,8]{1,0:T(8,128)S(5)} parameter(0)
  %p1 = s32[4]{0} parameter(1)
  %c = s32[4]{0} constant({1, 2, 3, 4})
  ROOT %t = (f32[8,8]{1,0:T(8,128)S(5)}, s32[4]{0}) tuple(%p0, %c)
}
`

// TestTruncatedHLO cuts the module at every byte: every prefix must be
// rejected with a diagnostic inside it, except the whole module without
// its final newline, which must come out unchanged.
func TestTruncatedHLO(t *testing.T) {
	src := goodHLO
	if r := runBounded(t, nil, []byte(src)); r.code != 0 || r.stdout != src {
		t.Fatalf("the whole module: exit %d\n%s", r.code, r.stderr)
	}
	for n := 0; n < len(src)-1; n++ {
		prefix := []byte(src[:n])
		checkTruncation(t, runBounded(t, nil, prefix), n, prefix)
	}
	prefix := []byte(src[:len(src)-1])
	if r := runBounded(t, nil, prefix); r.code != 0 || r.stdout != string(prefix) {
		t.Errorf("without the final newline: exit %d\n%s", r.code, r.stderr)
	}
}

// TestHLOUsageErrors checks that the options that do not apply to HLO
// text exit 2 and write nothing.
func TestHLOUsageErrors(t *testing.T) {
	for _, flag := range []string{"--emit=module", "--emit=tf", "--use-tuple-args", "--return-tuple"} {
		r := runBounded(t, []string{flag}, []byte(goodHLO))
		name, _, _ := strings.Cut(strings.TrimPrefix(flag, "--"), "=")
		if r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, "--"+name+" does not apply to HLO text") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2 and the reason", flag, r.code, r.stdout, r.stderr)
		}
	}
}

// TestMalformedHLOGenerated runs the tool on HLO inputs too large or too
// binary to commit: 100k-deep nesting, megabyte names and numbers, NUL
// bytes and invalid UTF-8.
func TestMalformedHLOGenerated(t *testing.T) {
	const deep = 100_000
	const mb = 1 << 20
	entry := "\nENTRY main {\n  ROOT a = f32[2] parameter(0)\n}\n"
	nest := diagnosis{line: 1, msg: "nesting is deeper than 200 levels"}
	cases := []generated{
		{name: "deep tuple in the layout", src: []byte("HloModule m, entry_computation_layout={(" + rep("(", deep) + "f32[2]{0}" + rep(")", deep) + ")->f32[2]{0}}" + entry), want: nest},
		{name: "deep tuple in an instruction", src: []byte("HloModule m\nENTRY main {\n  ROOT a = " + rep("(", deep) + "f32[2]" + rep(")", deep) + " parameter(0)\n}\n"),
			want: diagnosis{line: 3, msg: "nesting is deeper than 200 levels"}},
		{name: "deep unclosed alias list", src: []byte("HloModule m, input_output_alias=" + rep("{", deep) + entry), want: nest},
		{name: "deep shape index", src: []byte("HloModule m, input_output_alias={ " + rep("{", deep) + rep("}", deep) + ": (0, {}) }" + entry), want: nest},
		{name: "deep unclosed body", src: []byte("HloModule m\nENTRY main " + rep("{", deep)), want: diagnosis{line: 2, col: 13, msg: "expects instruction name"}},
		{name: "megabyte module name", src: []byte("HloModule " + rep("m", mb) + ", input_output_alias={ {}: (0, {}, maybe) }" + entry), at: "maybe",
			want: diagnosis{line: 1, msg: "Unexpected aliasing kind"}},
		{name: "megabyte attribute name", src: []byte("HloModule m, " + rep("k", mb) + " {}" + entry), at: " {}", shift: 1,
			want: diagnosis{line: 1, msg: "expects '=' after attribute name kkk"}},
		{name: "megabyte integer", src: []byte("HloModule m, buffer_donor={ (" + rep("9", mb) + ", {}) }" + entry), at: "99",
			want: diagnosis{line: 1, msg: "does not fit in 64 bits"}},
		{name: "megabyte dimension", src: []byte("HloModule m\nENTRY main {\n  ROOT a = f32[" + rep("9", mb) + "] parameter(0)\n}\n"), at: "99",
			want: diagnosis{line: 3, msg: "invalid dimension size 999"}},
		{name: "megabyte element type", src: []byte("HloModule m\nENTRY main {\n  ROOT a = " + rep("f", mb) + "[2] parameter(0)\n}\n"), at: "ff",
			want: diagnosis{line: 3, msg: "expected primitive type, saw fff"}},
		{name: "megabyte unterminated string", src: []byte("HloModule m\nENTRY main {\n  ROOT a = f32[2] parameter(0), metadata={op_name=\"" + rep("s", mb) + "}\n}\n"), at: "\"",
			want: diagnosis{line: 3, msg: "unterminated string"}},
		{name: "half-megabyte comment line", src: []byte("// " + rep("c", mb/2) + "\nHloModule m, buffer_donor={ (-1, {}) }" + entry), at: "(-1",
			want: diagnosis{line: 2, msg: "must be >= 0"}},
		// HloModule is looked for in the first MiB only (hlo.SniffBytes):
		// past it the text is read as MLIR, which names what it holds.
		{name: "two megabytes of comments", src: []byte("// " + rep("c", 2*mb) + "\nHloModule m" + entry),
			want: diagnosis{line: 1, col: 1, msg: "no functions were found"}},
		{name: "megabyte constant before a bad ROOT", src: []byte("HloModule m\nc {\n  ROOT k = f32[2] constant({" + rep("1.5, ", mb/5) + "2})\n}\nENTRY main {\n  ROOT a = f32[2]{0,0} parameter(0)\n}\n"), at: "{0,0}",
			want: diagnosis{line: 6, msg: "Dimensions size is 1, but minor to major size is 2."}},
		{name: "NUL in the header", src: []byte("HloModule m, input_output_alias={ {0}\x00: (0, {}) }" + entry), at: "\x00",
			want: diagnosis{line: 1, msg: "unexpected character"}},
		{name: "NUL in a shape", src: []byte("HloModule m\nENTRY main {\n  ROOT a = f32[2\x00] parameter(0)\n}\n"), at: "\x00",
			want: diagnosis{line: 3, msg: "unexpected character"}},
		{name: "invalid UTF-8 in a layout", src: []byte("HloModule m\nENTRY main {\n  ROOT a = f32[2]{0:\xff} parameter(0)\n}\n"), at: "\xff",
			want: diagnosis{line: 3, msg: "unexpected character"}},
		{name: "invalid UTF-8 in a donor", src: []byte("HloModule m, buffer_donor={ (\xfe, {}) }" + entry), at: "\xfe",
			want: diagnosis{line: 1, msg: "unexpected character"}},
	}
	dir := t.TempDir()
	for i, g := range cases {
		t.Run(g.name, func(t *testing.T) {
			path := filepath.Join(dir, fmt.Sprintf("gen%d.hlo", i))
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
			r := runBounded(t, []string{path}, nil)
			checkRejected(t, r, path, g.src, want)
			checkPrintable(t, r.stderr)
		})
	}
}
