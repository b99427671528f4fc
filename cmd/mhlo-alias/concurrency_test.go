package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteManyFilesInOrder rewrites many files at once: the good ones are
// rewritten, the bad ones left alone, and the diagnostics come in the
// order of the arguments.
func TestWriteManyFilesInOrder(t *testing.T) {
	dir := t.TempDir()
	var args []string
	var wantErrs []string
	for i := 0; i < 12; i++ {
		path := filepath.Join(dir, fmt.Sprintf("m%02d.mlir", i))
		content := mustAlias
		if i%3 == 1 {
			content = fmt.Sprintf("// broken %d\nmodule {\n", i)
			wantErrs = append(wantErrs, path+":2:8: error:")
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, path)
	}
	code, stdout, stderr := runTool(append([]string{"-w", "--passes=flip-must-aliases"}, args...), nil)
	if code != 1 || stdout != "" {
		t.Fatalf("exit %d, stdout %q; want 1 and nothing", code, stdout)
	}
	var lines []string // the diagnostics, without their source and caret lines
	for _, l := range strings.Split(strings.TrimSpace(stderr), "\n") {
		if strings.Contains(l, ": error: ") {
			lines = append(lines, l)
		}
	}
	if len(lines) != len(wantErrs) {
		t.Fatalf("diagnostics:\n%s\nwant %d lines", stderr, len(wantErrs))
	}
	for i, l := range lines {
		if !strings.HasPrefix(l, wantErrs[i]) {
			t.Errorf("diagnostic %d is %q, want it to start with %q", i, l, wantErrs[i])
		}
	}
	for i, path := range args {
		got, _ := os.ReadFile(path)
		broken := i%3 == 1
		if broken != strings.HasPrefix(string(got), "// broken") || (!broken && !strings.Contains(string(got), "result_index = [0]>}")) {
			t.Errorf("%s: unexpected content:\n%s", path, got)
		}
	}
}
