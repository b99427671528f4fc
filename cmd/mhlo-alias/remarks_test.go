package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const donated = `func.func @main(%arg0: tensor<4x8xf32> {jax.buffer_donor = true}, %arg1: tensor<8x4xf32> {jax.buffer_donor = true}) -> (tensor<4x8xf32>, tensor<32xf32>) {
  %0 = "test.op"() : () -> tensor<32xf32>
  return %arg0, %0 : tensor<4x8xf32>, tensor<32xf32>
}
`

// TestRemarksDefaultFile checks that YAML remarks go to
// mhlo-alias-remarks.yaml in the working directory by default, that the
// file is written even when no remark is shown, and that stderr stays
// quiet.
func TestRemarksDefaultFile(t *testing.T) {
	dir := t.TempDir()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	args := []string{"--passes=buffer-donation-to-alias", "--remark-format=yaml", "--remarks-filter-missed=donor-unused"}
	code, _, stderr := runTool(args, []byte(donated))
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, "mhlo-alias-remarks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(data); !strings.HasPrefix(got, "--- !Missed\nPass:            donor-unused\n") || strings.Count(got, "--- !") != 1 {
		t.Errorf("remarks file:\n%s", got)
	}
	code, _, _ = runTool([]string{"--remark-format=yaml", "--remarks-filter=nothing"}, []byte(donated))
	if data, err := os.ReadFile(filepath.Join(dir, "mhlo-alias-remarks.yaml")); code != 0 || err != nil || len(data) != 0 {
		t.Errorf("with no remark shown: exit %d, %v, %q", code, err, data)
	}
}

// TestUnusedDonorsError checks that --unused-donors=error fails the run
// and that -o then writes nothing, while warn keeps the output.
func TestUnusedDonorsError(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out.mlir")
	code, _, stderr := runTool([]string{"--passes=buffer-donation-to-alias", "--unused-donors=error", "-o", out, "-"}, []byte(donated))
	if code != 1 || !strings.Contains(stderr, "<stdin>:1:67: error: donor parameter 1 at {} f32[8,4]{1,0} is not used by any output: byte-size: output {1} f32[32]{0}") {
		t.Errorf("error: exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("-o was written despite the error: %v", err)
	}
	code, stdout, stderr := runTool([]string{"--passes=buffer-donation-to-alias", "--unused-donors=warn"}, []byte(donated))
	if code != 0 || !strings.Contains(stderr, "warning: donor parameter 1") || !strings.Contains(stdout, "mhlo.result_alias") {
		t.Errorf("warn: exit %d, stderr %q", code, stderr)
	}
}

// largestWrite records the total and the largest single write it takes.
type largestWrite struct{ total, largest int }

func (w *largestWrite) Write(p []byte) (int, error) {
	w.total += len(p)
	w.largest = max(w.largest, len(p))
	return len(p), nil
}

// TestRemarksAreStreamed prints the remarks of a signature on one long
// line: each emitRemark block shows a window of that line, at most 1 KB a
// remark, and the blocks go out as they are made, not gathered in memory
// first.
func TestRemarksAreStreamed(t *testing.T) {
	const donors = 200
	var args []string
	for i := 0; i < donors; i++ {
		args = append(args, fmt.Sprintf("%%arg%d: tensor<64x128xf32> {jax.buffer_donor = true}", i))
	}
	src := fmt.Sprintf("module {\n  func.func @main(%s) -> (tensor<64x128xf32>) {\n    return\n  }\n}\n", strings.Join(args, ", "))
	var stderr largestWrite
	if code := run([]string{"--passes=buffer-donation-to-alias", "--remarks-filter=.*", "-"}, strings.NewReader(src), io.Discard, &stderr); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if stderr.total < donors*200 || stderr.total > donors*1024 {
		t.Fatalf("%d bytes of remarks for %d donors: want 200 bytes to 1 KB a remark", stderr.total, donors)
	}
	if stderr.largest > 8<<10 {
		t.Errorf("a write of %d bytes of %d: the remarks were gathered before they were written", stderr.largest, stderr.total)
	}
}
