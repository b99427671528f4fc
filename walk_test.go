package mhloalias_test

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	mhloalias "github.com/mhlo-alias/mhlo-alias"
)

// TestModuleFiles checks which files a directory walk lists, and in
// which order: module names and HLO text dumps, in lexical order of the
// paths; no hidden names, no other files, no directory reached through a
// symbolic link (which could loop).
func TestModuleFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("b/model.hlo_module.pb", "\x0a\x01m")
	write("b/model.neff", "neff")
	write("a/z.mlir", "module {}")
	write("a/y.hlo", "HloModule y")
	write("a/module_0001.f.before_optimizations.txt", "// dump\nHloModule f, entry_computation_layout={()->()}\n")
	write("a/module_0001.f.buffer-assignment.txt", "BufferAssignment:\n")
	write("a/.hidden.mlir", "module {}")
	write(".git/x.mlir", "module {}")
	write("c/.mlir", "")
	if err := os.Symlink(filepath.Join(dir, "a"), filepath.Join(dir, "b", "loop")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "a", "z.mlir"), filepath.Join(dir, "b", "link.mlir")); err != nil {
		t.Fatal(err)
	}
	got, err := mhloalias.ModuleFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	var rel []string
	for _, f := range got {
		r, _ := filepath.Rel(dir, f)
		rel = append(rel, r)
	}
	want := []string{"a/module_0001.f.before_optimizations.txt", "a/y.hlo", "a/z.mlir", "b/link.mlir", "b/model.hlo_module.pb"}
	if !reflect.DeepEqual(rel, want) {
		t.Errorf("ModuleFiles = %q\nwant          %q", rel, want)
	}
	if _, err := mhloalias.ModuleFiles(filepath.Join(dir, "nothing")); err == nil {
		t.Errorf("no error for a missing directory")
	}
}
