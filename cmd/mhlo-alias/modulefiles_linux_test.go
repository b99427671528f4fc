package main

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"syscall"
	"testing"
)

// TestWalkGoesOnAfterUnreadable checks that a directory that cannot be
// listed, and a *.txt file whose start cannot be read, are entries with
// their errors and that the walk goes on with the entries after them.
// They are paths too long, which fail for root too; as another user, a
// directory without permissions is tried as well.
func TestWalkGoesOnAfterUnreadable(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a.mlir": "module {}", "c/z.mlir": "module {}"})
	longDir, longTxt := longPaths(t, dir, "b")
	want := []string{"a.mlir", mustRel(t, dir, longDir) + ": error", mustRel(t, dir, longTxt) + ": error", "c/z.mlir"}
	if got := walkEntries(dir); !reflect.DeepEqual(got, want) {
		t.Errorf("walkModules = %q\nwant          %q", got, want)
	}
	files, err := moduleFiles(dir)
	if len(files) != 2 || !errors.Is(err, syscall.ENAMETOOLONG) {
		t.Errorf("moduleFiles = %q, %v; want 2 files and the long paths' errors", files, err)
	}
	if os.Geteuid() == 0 {
		return // permissions do not stop root
	}
	locked := filepath.Join(dir, "c")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(locked, 0o755)
	writeTree(t, dir, map[string]string{"d.mlir": "module {}"})
	want = append(want[:3], "c: error", "d.mlir")
	if got := walkEntries(dir); !reflect.DeepEqual(got, want) {
		t.Errorf("with c unreadable: walkModules = %q\nwant          %q", got, want)
	}
}
