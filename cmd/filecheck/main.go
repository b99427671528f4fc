// Command filecheck is a Go implementation of LLVM's FileCheck.
package main

import (
	"os"

	"github.com/mhlo-alias/mhlo-alias/internal/filecheck"
)

func main() {
	os.Exit(filecheck.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
