package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestDirectoryOrder walks a directory of many modules, of very different
// sizes so that they finish out of order, and checks that the records
// come in the lexical order of the paths, one per module, that a failed
// module has its record and makes the run exit 1, and that the others
// are still reported.
func TestDirectoryOrder(t *testing.T) {
	dir := t.TempDir()
	var want []string
	for i := 0; i < 60; i++ {
		name := filepath.Join(dir, fmt.Sprintf("m%02d", i%7), fmt.Sprintf("f%03d.mlir", 59-i))
		os.MkdirAll(filepath.Dir(name), 0o755)
		var b strings.Builder
		b.WriteString("func.func @main(")
		args := 1 + (i%5)*400 // some modules take much longer than others
		for a := 0; a < args; a++ {
			if a > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%%a%d: tensor<4xf32> {jax.buffer_donor = true}", a)
		}
		b.WriteString(") -> tensor<4xf32> {\n  return %a0 : tensor<4xf32>\n}\n")
		text := b.String()
		if i == 17 {
			text = "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n" // fails
		}
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		want = append(want, name)
	}
	slices.Sort(want)
	code, stdout, _ := runTool([]string{"--passes=buffer-donation-to-alias", "--print-config=json", dir}, nil)
	if code != 1 {
		t.Errorf("exit %d, want 1 (one module fails)", code)
	}
	var got []string
	failed := 0
	for _, m := range regexp.MustCompile(`(?m)^\{"file": "([^"]*)", "chunk": 0, "ok": (true|false)`).FindAllStringSubmatch(stdout, -1) {
		got = append(got, m[1])
		if m[2] == "false" {
			failed++
		}
	}
	if !slices.Equal(got, want) || failed != 1 {
		t.Errorf("records of %d files (%d failed), want %d in order (1 failed):\n%s", len(got), failed, len(want), strings.Join(got, "\n"))
	}
	code, stdout, _ = runTool([]string{"--print-config=summary", dir}, nil)
	if code != 1 || !strings.Contains(stdout, "// total: 60 modules in 60 files, 1 failed\n") {
		t.Errorf("summary: exit %d, totals missing:\n%s", code, stdout[max(0, len(stdout)-400):])
	}
}
