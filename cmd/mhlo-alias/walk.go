package main

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/mhlo-alias/mhlo-alias/hlo"
)

// walkEntry is one entry of a directory walk (walkModules): a module
// file to read, an entry that could not be read, or one it skipped.
type walkEntry struct {
	Path    string // the directory walked joined with the names below it
	Err     error  // why the entry could not be read
	Skipped string // why the walk skipped the entry, or ""
}

// walkModules walks the directory dir and returns, in the lexical order
// of the names in each directory (filepath.WalkDir's order), its module
// files, the entries that could not be read and the entries it skipped.
// A module file is a regular file named *.mlir, *.hlo or *.pb (the
// protos: model.hlo_module.pb, *.hlo.pb, *.hlo_snapshot.pb), or *.txt
// that starts as HLO text does (XLA's --xla_dump_to writes
// module_NNNN.NAME.before_optimizations.txt beside other text files); a
// file that only looks like a module by its name is listed, and reading
// it says what it is.
//
// The walk opens nothing but directories and the *.txt files it sniffs,
// and follows no link, so that it never hangs and never leads outside
// dir: a symbolic link below dir, to a file or a directory, is skipped,
// and so is a file that is not regular (a FIFO, a device, a socket),
// each with an entry that says so. Names starting with '.' (a VCS
// directory, a temporary file of -w) are left out without one. A
// directory that cannot be listed is an entry with its error, and the
// walk goes on with what follows it. dir itself is walked even when it
// is a symbolic link: it was named.
func walkModules(dir string) []walkEntry {
	var entries []walkEntry
	walkDir(dir, &entries)
	return entries
}

// walkDir appends the entries under dir to *out.
func walkDir(dir string, out *[]walkEntry) {
	list, err := os.ReadDir(dir)
	if err != nil {
		// What was read before the error is still walked.
		*out = append(*out, walkEntry{Path: dir, Err: err})
	}
	for _, d := range list {
		name := d.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		path := filepath.Join(dir, name)
		switch t := d.Type(); {
		case t&fs.ModeSymlink != 0:
			*out = append(*out, walkEntry{Path: path, Skipped: "symbolic link not followed"})
		case t.IsDir():
			walkDir(path, out)
		case !t.IsRegular():
			*out = append(*out, walkEntry{Path: path, Skipped: irregularKind(t) + " skipped: not a regular file"})
		case isModuleName(name):
			*out = append(*out, walkEntry{Path: path})
		case strings.HasSuffix(name, ".txt"):
			if isHLO, err := startsAsHLO(path); err != nil {
				*out = append(*out, walkEntry{Path: path, Err: err})
			} else if isHLO {
				*out = append(*out, walkEntry{Path: path})
			}
		}
	}
}

// irregularKind names the kind of a file that is not regular.
func irregularKind(t fs.FileMode) string {
	switch {
	case t&fs.ModeNamedPipe != 0:
		return "FIFO"
	case t&fs.ModeSocket != 0:
		return "socket"
	case t&fs.ModeDevice != 0:
		return "device"
	}
	return "file"
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
func startsAsHLO(path string) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	head, err := io.ReadAll(io.LimitReader(f, 4096))
	if err != nil {
		return false, err
	}
	isHLO, _ := hlo.SniffHLO(head)
	return isHLO, nil
}
