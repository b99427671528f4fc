package mhloalias

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/mhlo-alias/mhlo-alias/hlo"
)

// ModuleFiles lists the module files under dir, in the lexical order of
// their paths (filepath.WalkDir's): a compile cache, a dump directory or
// a source tree given as one argument. A module file is one named
// *.mlir, *.hlo or *.pb (the protos: model.hlo_module.pb, *.hlo.pb,
// *.hlo_snapshot.pb), or *.txt that starts as HLO text does (XLA's
// --xla_dump_to writes module_NNNN.NAME.before_optimizations.txt beside
// other text files). Names starting with '.' (a VCS directory, a
// temporary file of -w) are skipped, and symbolic links to directories
// are not followed, so the walk ends. A file that only looks like a
// module by its name is listed; reading it says what it is.
func ModuleFiles(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if path != dir && strings.HasPrefix(name, ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
				return nil // a link to a directory, or dangling
			}
		}
		if isModuleName(name) || strings.HasSuffix(name, ".txt") && startsAsHLO(path) {
			files = append(files, path)
		}
		return nil
	})
	return files, err
}

// isModuleName reports whether a file name says it holds a module.
func isModuleName(name string) bool {
	for _, ext := range []string{".mlir", ".hlo", ".pb"} {
		if strings.HasSuffix(name, ext) && len(name) > len(ext) {
			return true
		}
	}
	return false
}

// startsAsHLO reports whether the file's first 4 KiB begin an HLO module.
func startsAsHLO(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	buf := make([]byte, 4096)
	n, _ := io.ReadFull(f, buf)
	isHLO, _ := hlo.SniffHLO(buf[:n])
	return isHLO
}
