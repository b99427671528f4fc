package mhloalias

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const modulePath = "github.com/mhlo-alias/mhlo-alias"

// stageImports are the stage packages each package may import, outside
// tests: imports point backwards along the pipeline (ast <- parser <-
// lower <- passes; printer never imports passes), model is shared, and
// the root package is the only one that wires them all.
var stageImports = map[string][]string{
	"ast":      {},
	"edit":     {},
	"model":    {"ast"},
	"parser":   {"ast"},
	"lower":    {"ast", "parser", "model"},
	"passes":   {"ast", "model"},
	"printer":  {"ast", "edit", "model"},
	"hlo":      {"ast", "edit", "model"},
	"hloproto": {"ast", "edit", "model"},
	// The table and the report print what they are given: why a donor
	// is unused comes from the passes through the root package.
	"report": {"model"},
	// The sharding readers fill the model's type, telling the front end
	// that calls them what they have read (ast.Behind).
	"sharding": {"ast", "model"},
	// The file and stream handling sits below the pipeline: it knows an
	// edit's type, nothing else of the pipeline.
	"internal/fileio": {"edit"},
}

// TestImportsPointBackwards checks the import graph of the stage packages
// and that only the root package imports every stage.
func TestImportsPointBackwards(t *testing.T) {
	stages := []string{"ast", "edit", "parser", "lower", "passes", "printer", "model", "hlo", "hloproto"}
	graph := packageImports(t, ".")
	for _, s := range stages {
		if !slices.Contains(graph["."], s) {
			t.Errorf("the root package does not import %s; it wires every stage", s)
		}
	}
	for pkg, imports := range graph {
		if allowed, ok := stageImports[pkg]; ok {
			for _, imp := range imports {
				if slices.Contains(stages, imp) && !slices.Contains(allowed, imp) {
					t.Errorf("package %s imports %s; it may import only %v", pkg, imp, allowed)
				}
			}
		}
		if pkg == "." {
			continue
		}
		all := true
		for _, s := range stages {
			all = all && (s == pkg || slices.Contains(imports, s))
		}
		if all {
			t.Errorf("package %s imports every stage; only the root package should", pkg)
		}
	}
}

// packageImports maps each package directory below root (relative, "."
// for root) to the module's packages its non-test files import.
func packageImports(t *testing.T, root string) map[string][]string {
	out := map[string][]string{}
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		dir := filepath.ToSlash(filepath.Dir(path))
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if rel, ok := strings.CutPrefix(p, modulePath+"/"); ok && !slices.Contains(out[dir], rel) {
				out[dir] = append(out[dir], rel)
			}
		}
		if _, ok := out[dir]; !ok {
			out[dir] = nil
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
