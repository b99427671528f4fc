package main

import (
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
