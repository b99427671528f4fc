package main

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// writeTree writes files (name to text) under dir, making directories.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// walkEntries is walkModules's entries with paths relative to dir, each
// as "path", "path: error" or "path: skipped: why".
func walkEntries(dir string) []string {
	var got []string
	for _, e := range walkModules(dir) {
		r, _ := filepath.Rel(dir, e.Path)
		switch {
		case e.Err != nil:
			r += ": error"
		case e.Skipped != "":
			r += ": skipped: " + e.Skipped
		}
		got = append(got, r)
	}
	return got
}

// TestModuleFiles checks which files a directory walk lists, and in
// which order: module names and HLO text dumps, in lexical order of the
// paths; no hidden names, no other files, and no symbolic link followed,
// to a directory (which could loop) or to a file (which could be outside
// the tree), each with an entry saying it was skipped.
func TestModuleFiles(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"b/model.hlo_module.pb": "\x0a\x01m",
		"b/model.neff":          "neff",
		"a/z.mlir":              "module {}",
		"a/y.hlo":               "HloModule y",
		"a/module_0001.f.before_optimizations.txt": "// dump\nHloModule f, entry_computation_layout={()->()}\n",
		"a/module_0001.f.buffer-assignment.txt":    "BufferAssignment:\n",
		"a/.hidden.mlir":                           "module {}",
		".git/x.mlir":                              "module {}",
		"c/.mlir":                                  "",
	})
	if err := os.Symlink(filepath.Join(dir, "a"), filepath.Join(dir, "b", "loop")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "a", "z.mlir"), filepath.Join(dir, "b", "link.mlir")); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"a/module_0001.f.before_optimizations.txt", "a/y.hlo", "a/z.mlir",
		"b/link.mlir: skipped: symbolic link not followed",
		"b/loop: skipped: symbolic link not followed",
		"b/model.hlo_module.pb",
	}
	if got := walkEntries(dir); !reflect.DeepEqual(got, want) {
		t.Errorf("walkModules = %q\nwant          %q", got, want)
	}
	got, err := moduleFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	var rel []string
	for _, f := range got {
		r, _ := filepath.Rel(dir, f)
		rel = append(rel, r)
	}
	wantFiles := []string{"a/module_0001.f.before_optimizations.txt", "a/y.hlo", "a/z.mlir", "b/model.hlo_module.pb"}
	if !reflect.DeepEqual(rel, wantFiles) {
		t.Errorf("moduleFiles = %q\nwant          %q", rel, wantFiles)
	}
	if _, err := moduleFiles(filepath.Join(dir, "nothing")); err == nil {
		t.Errorf("no error for a missing directory")
	}
}

// TestWalkRootLink checks that a directory named through a symbolic link
// is walked: the link was chosen, only links below it are not followed.
func TestWalkRootLink(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"real/m.mlir": "module {}"})
	link := filepath.Join(dir, "link")
	if err := os.Symlink(filepath.Join(dir, "real"), link); err != nil {
		t.Fatal(err)
	}
	if got := walkEntries(link); !reflect.DeepEqual(got, []string{"m.mlir"}) {
		t.Errorf("walk of a link to a directory = %q, want [m.mlir]", got)
	}
}

func mustRel(t *testing.T, dir, path string) string {
	r, err := filepath.Rel(dir, path)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// moduleFiles is walkModules's module files under dir, in its order,
// with the errors of the entries that could not be read joined (nil when
// there are none); the entries it skipped are left out.
func moduleFiles(dir string) ([]string, error) {
	var files []string
	var errs []error
	for _, e := range walkModules(dir) {
		switch {
		case e.Err != nil:
			errs = append(errs, e.Err)
		case e.Skipped == "":
			files = append(files, e.Path)
		}
	}
	return files, errors.Join(errs...)
}
