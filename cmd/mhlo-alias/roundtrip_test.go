package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/parser"
)

// pipelines are the flag sets every example is rewritten with.
var pipelines = [][]string{
	{"--emit=result-alias"},
	{"--emit=module"},
	{"--emit=tf"},
	{"--passes=flip-may-aliases"},
	{"--passes=flip-must-aliases", "--emit=tf"},
	{"--passes=remove-aliases"},
	{"--passes=remove-aliases,add-may-aliases", "--emit=module"},
	{"--passes=remove-aliases,add-must-aliases"},
	{"--passes=buffer-donation-to-alias,alias-to-must-alias"},
	{"--passes=buffer-donation-to-alias", "--emit=tf"},
}

// rewrite runs the tool on an example with extra flags; ok is false when
// the tool refused (an encoding that cannot state the config).
func rewrite(t *testing.T, file string, flags []string) (out []byte, args []string, ok bool) {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	args = append(exampleFlags(src), flags...)
	code, stdout, stderr := runTool(append(args, file), nil)
	switch {
	case code == 1 && strings.Contains(stderr, "error: ") && !strings.Contains(stderr, "panic"):
		return nil, args, false
	case code != 0:
		t.Fatalf("%v: exit %d: %s", args, code, stderr)
	}
	return []byte(stdout), args, true
}

// mlirOpt returns the path of mlir-opt-19, or skips the test.
func mlirOpt(t *testing.T) string {
	path, err := exec.LookPath("mlir-opt-19")
	if err != nil {
		if os.Getenv("MHLO_ALIAS_REQUIRE_LLVM") == "1" {
			t.Fatal("mlir-opt-19 is required (MHLO_ALIAS_REQUIRE_LLVM=1) but not on PATH")
		}
		t.Skip("mlir-opt-19 not on PATH")
	}
	return path
}

// TestOutputsParseWithMLIR rewrites every example in many ways and checks
// that mlir-opt parses the output, and that its generic form carries the
// same aliases and donors, in the chosen encoding only, and every other
// attribute key of the input. Without MHLO_ALIAS_LONG_TESTS=1 each
// example runs one pipeline, the examples taking the pipelines in turn.
func TestOutputsParseWithMLIR(t *testing.T) {
	opt := mlirOpt(t)
	files, _ := filepath.Glob("../../testdata/examples/*.mlir")
	for i, file := range files {
		for k, flags := range pipelines {
			if !longTests() && k != i%len(pipelines) {
				continue
			}
			name := strings.TrimSuffix(filepath.Base(file), ".mlir") + " " + strings.Join(flags, " ")
			t.Run(name, func(t *testing.T) {
				out, args, ok := rewrite(t, file, flags)
				if !ok {
					t.Skip("the encoding cannot state this config")
				}
				cmd := exec.Command(opt, "--allow-unregistered-dialect", "--mlir-print-op-generic", "-")
				cmd.Stdin = bytes.NewReader(out)
				generic, err := cmd.Output()
				if err != nil {
					t.Fatalf("mlir-opt rejects the output: %v\n%s", err, out)
				}
				checkSameConfig(t, args, out, generic)
				src, _ := os.ReadFile(file)
				checkAttributes(t, args, src, generic)
			})
		}
	}
}

// checkSameConfig reads the output and mlir-opt's generic print of it and
// requires the same config, layouts included.
func checkSameConfig(t *testing.T, args []string, out, generic []byte) {
	t.Helper()
	flags := keepReadFlags(args)
	_, want, _ := runTool(append(flags, "--print-config=json", "-"), out)
	code, got, stderr := runTool(append(flags, "--print-config=json", "-"), generic)
	// The positions of the diagnostics differ between the two forms.
	want, got = withoutDiagnostics(want), withoutDiagnostics(got)
	// Names from argument and result locations are not in the generic
	// form's attributes (its locations are in the body, never read).
	want, got = namesJSON.ReplaceAllString(want, ""), namesJSON.ReplaceAllString(got, "")
	if code != 0 || got != want {
		t.Errorf("the generic form reads differently (exit %d %s):\n got %s\nwant %s", code, stderr, got, want)
	}
}

// withoutDiagnostics cuts the "diagnostics" of JSON records.
func withoutDiagnostics(s string) string {
	return diagnosticsJSON.ReplaceAllString(s, `"diagnostics": [...], `)
}

var diagnosticsJSON = regexp.MustCompile(`"diagnostics": \[.*?\], "more_errors"`)

// namesJSON matches the name keys of a JSON record, with their values.
var namesJSON = regexp.MustCompile(`"(?:name|parameter_name|output_name)": "(?:[^"\\]|\\.)*", `)

// keepReadFlags keeps the flags that say how to read a module.
func keepReadFlags(args []string) []string {
	var out []string
	for _, a := range args {
		if strings.HasPrefix(a, "--entry") || a == "--use-tuple-args" || a == "--return-tuple" {
			out = append(out, a)
		}
	}
	return out
}

var aliasKeys = map[string]bool{
	"mhlo.result_alias": true, "tf.aliasing_output": true, "jax.buffer_donor": true, "mhlo.input_output_alias": true,
}

// checkAttributes compares attribute keys of the input and of the generic
// output: keys other than the alias encodings are all kept; of the alias
// encodings only the emitted one (and jax.buffer_donor) may appear.
func checkAttributes(t *testing.T, args []string, src, generic []byte) {
	t.Helper()
	opts := parser.Options{}
	emit := "result-alias"
	for _, a := range args {
		if v, ok := strings.CutPrefix(a, "--entry="); ok {
			opts.Entry = v
		}
		if v, ok := strings.CutPrefix(a, "--emit="); ok {
			emit = v
		}
	}
	in, err := parser.ParseFile("in.mlir", src, opts)
	if err != nil {
		t.Fatal(err)
	}
	g, err := parser.ParseFile("generic.mlir", generic, opts)
	if err != nil {
		t.Fatal(err)
	}
	allowed := map[string]string{"result-alias": "mhlo.result_alias", "module": "mhlo.input_output_alias", "tf": "tf.aliasing_output"}[emit]
	for i := range in.Entry.Args {
		checkKeys(t, "argument", i, in.Entry.Args[i].Attrs, g.Entry.Args[i].Attrs, allowed)
	}
	var inMod, gMod *ast.AttrDict
	if in.Module != nil {
		inMod = in.Module.Attrs
	}
	if g.Module != nil {
		gMod = g.Module.Attrs
	}
	checkKeys(t, "module", 0, inMod, gMod, allowed)
}

func checkKeys(t *testing.T, what string, i int, in, out *ast.AttrDict, allowed string) {
	t.Helper()
	others := func(d *ast.AttrDict) (rest []string, alias []string) {
		if d == nil {
			return nil, nil
		}
		for _, e := range d.Entries {
			if aliasKeys[e.Name()] {
				alias = append(alias, e.Name())
			} else {
				rest = append(rest, e.Name())
			}
		}
		sort.Strings(rest)
		return rest, alias
	}
	inRest, _ := others(in)
	outRest, outAlias := others(out)
	if strings.Join(inRest, ",") != strings.Join(outRest, ",") {
		t.Errorf("%s %d: other keys changed: %v -> %v", what, i, inRest, outRest)
	}
	for _, k := range outAlias {
		if k != allowed && k != "jax.buffer_donor" {
			t.Errorf("%s %d: %s left beside the emitted %s", what, i, k, allowed)
		}
	}
}

// TestDiffApplies checks that every --diff output, applied with patch to
// a copy of the input, gives the normal output.
func TestDiffApplies(t *testing.T) {
	patch, err := exec.LookPath("patch")
	if err != nil {
		t.Skip("patch not on PATH")
	}
	files, _ := filepath.Glob("../../testdata/examples/*.mlir")
	applied := 0
	for _, file := range files {
		for _, flags := range pipelines {
			out, args, ok := rewrite(t, file, flags)
			if !ok {
				continue
			}
			code, diff, stderr := runTool(append(args, "-d", file), nil)
			if want := map[bool]int{false: 0, true: 1}[diff != ""]; code != want {
				t.Fatalf("%v -d: exit %d, want %d (1 when a diff is printed) %s", args, code, want, stderr)
			}
			src, _ := os.ReadFile(file)
			if bytes.Equal(out, src) != (diff == "") {
				t.Errorf("%s %v: an empty diff must mean an unchanged module", file, args)
			}
			if diff == "" {
				continue
			}
			cp := filepath.Join(t.TempDir(), "in.mlir")
			if err := os.WriteFile(cp, src, 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(patch, "--quiet", "--batch", cp)
			cmd.Stdin = strings.NewReader(diff)
			if msg, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s %v: patch failed: %v %s\n%s", file, args, err, msg, diff)
			}
			got, _ := os.ReadFile(cp)
			if !bytes.Equal(got, out) {
				t.Errorf("%s %v: patched input differs from the output", file, args)
			}
			applied++
		}
	}
	if applied < 20 {
		t.Errorf("only %d diffs applied; the examples should change more often", applied)
	}
}
