package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// exampleFlags returns the flags a test module asks for on a
// "// FLAGS: ..." line.
func exampleFlags(src []byte) []string {
	for _, line := range strings.Split(string(src), "\n") {
		if rest, ok := strings.CutPrefix(line, "// FLAGS: "); ok {
			return strings.Fields(rest)
		}
	}
	return nil
}

// runTool runs the command in-process and returns its exit status, stdout
// and stderr.
func runTool(args []string, stdin []byte) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := run(args, bytes.NewReader(stdin), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// TestExamples checks --print-config (long, short, json, table) of every example
// module against its golden file, and that the module passes through
// unchanged without passes.
func TestExamples(t *testing.T) {
	files, err := filepath.Glob("../../testdata/examples/*.mlir")
	if err != nil || len(files) < 12 {
		t.Fatalf("want at least 12 examples, found %d (%v)", len(files), err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".mlir")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			flags := exampleFlags(src)
			var got strings.Builder
			for _, form := range []string{"long", "short", "json", "table"} {
				code, out, errs := runTool(append(flags, "--print-config="+form, file), nil)
				if code != 0 {
					t.Fatalf("--print-config=%s exited %d: %s", form, code, errs)
				}
				got.WriteString("== " + form + "\n" + out)
				if errs != "" {
					got.WriteString("== stderr\n" + strings.ReplaceAll(errs, file, filepath.Base(file)))
				}
			}
			golden := strings.TrimSuffix(file, ".mlir") + ".config"
			if *update {
				if err := os.WriteFile(golden, []byte(got.String()), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if got.String() != string(want) {
				t.Errorf("--print-config differs from %s:\ngot:\n%s\nwant:\n%s", golden, got.String(), want)
			}
			code, out, errs := runTool(append(flags, file), nil)
			if code != 0 || out != string(src) {
				t.Errorf("without passes the module must pass through unchanged (exit %d, %s)", code, errs)
			}
		})
	}
}

// TestExampleReports checks the --report page of every example module
// against its golden file, NAME.html beside it (go test -update rewrites
// them); the input's path is written as its base name.
func TestExampleReports(t *testing.T) {
	files, err := filepath.Glob("../../testdata/examples/*.mlir")
	if err != nil || len(files) < 12 {
		t.Fatalf("want at least 12 examples, found %d (%v)", len(files), err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".mlir")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			page := filepath.Join(t.TempDir(), name+".html")
			code, out, errs := runTool(append(exampleFlags(src), "--report="+page, "-o", os.DevNull, file), nil)
			if code != 0 || out != "" {
				t.Fatalf("exited %d, printed %q: %s", code, out, errs)
			}
			got, err := os.ReadFile(page)
			if err != nil {
				t.Fatal(err)
			}
			got = bytes.ReplaceAll(got, []byte(file), []byte(filepath.Base(file)))
			golden := strings.TrimSuffix(file, ".mlir") + ".html"
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("the report differs from %s (go test -update rewrites it):\n%s", golden, firstDifference(string(got), string(want)))
			}
		})
	}
}

// firstDifference shows the first line where got and want differ.
func firstDifference(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return "line " + strconv.Itoa(i+1) + ":\ngot:  " + gl + "\nwant: " + wl
		}
	}
	return "(the same lines)"
}
