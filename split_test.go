package mhloalias_test

import (
	"os"
	"strings"
	"testing"

	mhloalias "github.com/mhlo-alias/mhlo-alias"
)

// splitModule is a module of one chunk, with a may-alias that
// flip-may-aliases turns into a must-alias; bad is one that fails.
const (
	splitModule = "func.func @main(%a: tensor<4xf32> {tf.aliasing_output = 0 : i32}) -> tensor<4xf32> {\n  return %a : tensor<4xf32>\n}\n"
	splitBad    = "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
)

// TestSplitSeparatorsKept checks that --split-input-file prints each
// separator line as the input has it, trailing blanks and carriage
// return included: with no passes the output is the input byte for byte,
// with passes only the modules change, and a failing chunk takes the
// separator before it away with it.
func TestSplitSeparatorsKept(t *testing.T) {
	seps := []string{"// -----   \n", "// -----\r\n", "// -----\t \r\n"}
	crlf := strings.ReplaceAll(splitModule, "\n", "\r\n")
	chunks := []string{splitModule, crlf, splitModule, splitModule}
	join := func(chunks []string, skip int) string {
		var b strings.Builder
		for i, c := range chunks {
			if i == skip {
				continue
			}
			if i > 0 && !(skip == 0 && i == 1) {
				b.WriteString(seps[i-1])
			}
			b.WriteString(c)
		}
		return b.String()
	}
	src := join(chunks, -1)
	o := mhloalias.Options{SplitInputFile: true}
	if got, err := mhloalias.Rewrite([]byte(src), o); err != nil || string(got) != src {
		t.Errorf("no passes: %v\n%q\nwant the input\n%q", err, got, src)
	}
	o.Passes = "flip-may-aliases"
	var flipped []string
	for _, c := range chunks {
		out, err := mhloalias.Rewrite([]byte(c), mhloalias.Options{Passes: o.Passes})
		if err != nil {
			t.Fatal(err)
		}
		flipped = append(flipped, string(out))
	}
	if got, err := mhloalias.Rewrite([]byte(src), o); err != nil || string(got) != join(flipped, -1) {
		t.Errorf("flip-may-aliases: %v\n%q\nwant\n%q", err, got, join(flipped, -1))
	}
	for bad := range chunks {
		withBad := append([]string(nil), chunks...)
		withBad[bad] = splitBad
		res, err := mhloalias.Process("", []byte(join(withBad, -1)), mhloalias.Options{SplitInputFile: true})
		if err != nil || res.OK() {
			t.Fatalf("chunk %d fails: %v, ok %v", bad, err, res.OK())
		}
		if got, want := string(res.Bytes()), join(chunks, bad); got != want {
			t.Errorf("chunk %d fails: output\n%q\nwant\n%q", bad, got, want)
		}
	}
}

// TestSplitIgnoredForProto checks that --split-input-file leaves a proto
// whole, even one whose bytes hold a "// -----" line (here in the
// module's name, a field 1 that comes last and so wins): a proto has no
// chunks, and the flag is for text.
func TestSplitIgnoredForProto(t *testing.T) {
	pb, err := os.ReadFile("testdata/proto/must-alias-nested.pb")
	if err != nil {
		t.Fatal(err)
	}
	name := "m\n// -----\nx"
	pb = append(append(pb, 0x0a, byte(len(name))), name...)
	for _, passes := range []string{"", "flip-must-aliases"} {
		o := mhloalias.Options{SplitInputFile: true, Passes: passes}
		res, err := mhloalias.Process("model.hlo_module.pb", pb, o)
		if err != nil || len(res.Modules) != 1 || !res.OK() {
			t.Fatalf("--passes=%s: %v, %d modules, %v", passes, err, len(res.Modules), res.Err())
		}
		o.SplitInputFile = false
		whole, _ := mhloalias.Process("model.hlo_module.pb", pb, o)
		if got, want := res.Bytes(), whole.Bytes(); string(got) != string(want) {
			t.Errorf("--passes=%s: output differs from the one without the flag", passes)
		}
	}
}
