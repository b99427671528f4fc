package main

import (
	"io"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/internal/filecheck"
	"github.com/mhlo-alias/mhlo-alias/internal/lit"
)

// TestLit runs the lit tests under testdata/mlir with the tool and the Go
// FileCheck in-process; CI also runs them under LLVM's lit and FileCheck.
func TestLit(t *testing.T) {
	cfg := &lit.Config{Tools: map[string]lit.Tool{
		"mhlo-alias": func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
			return run(args, stdin, stdout, stderr)
		},
		"FileCheck": filecheck.Main,
	}, Suffixes: []string{".mlir", ".hlo"}}
	lit.RunDir(t, "../../testdata/mlir", cfg)
}
