// Command mhlo-alias rewrites the input/output alias table of an MLIR
// module's entry function with the Neuron compiler's alias passes.
//
// Usage: see the usage text in flags.go, or run mhlo-alias --help. The
// work is done by package mhloalias; this command parses flags, walks the
// files and prints.
package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	mhloalias "github.com/mhlo-alias/mhlo-alias"
	"github.com/mhlo-alias/mhlo-alias/passes"
)

func main() {
	exitOnSignal()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// exitOnSignal makes SIGINT and SIGTERM remove the temporary files of
// -w and -o, leaving their targets as they were, and exit with 128 plus
// the signal's number (130, 143), as a shell reports a process the signal
// killed.
func exitOnSignal() {
	c := make(chan os.Signal, 1)
	signal.Notify(c, syscall.SIGINT, syscall.SIGTERM)
	go func() {
		sig := <-c
		mhloalias.RemoveTemporaryFiles()
		os.Exit(128 + int(sig.(syscall.Signal)))
	}()
}

// run is the whole command, callable in-process: it returns the exit
// status, 0 on success, 1 for an error in the input, 2 for bad usage.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, err := parseFlags(args, stderr)
	switch {
	case err != nil:
		return 2
	case o.help:
		_, err = fmt.Fprint(stdout, usage)
	case o.version:
		_, err = fmt.Fprintln(stdout, "mhlo-alias", version())
	case o.listPasses:
		err = passes.WriteList(stdout)
	default:
		c := &command{opts: o, stdin: stdin, stdout: stdout, stderr: stderr}
		return c.run()
	}
	if err != nil {
		// A failed write (a full disk, a closed pipe) is an error, as
		// for the module's output.
		fmt.Fprintf(stderr, "mhlo-alias: %s\n", writeError(err))
		return 1
	}
	return 0
}
