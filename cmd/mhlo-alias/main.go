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
	"math"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"syscall"

	mhloalias "github.com/mhlo-alias/mhlo-alias"
	"github.com/mhlo-alias/mhlo-alias/passes"
)

// memoryLimit is the soft limit on the Go heap unless GOMEMLIMIT says
// otherwise. Below it the collector does not run at all (unless GOGC
// says otherwise): a run's heap is a tree built once and freed at exit,
// so collecting it as it grows is work thrown away. An 8000-argument
// signature allocates 24 MB and never collects; with the default GOGC it
// collected a growing live heap several times, a third of the CPU time.
// Near the limit the collector works as usual, so that the whole run
// stays within 64 MiB: the largest heap the benchmarks make, a signature
// of 16000 same-shape donors, allocates about 50 MB, 41 MB of it live at
// the end; at 60 MiB it never collects and peaks at 55 MiB RSS (57 MiB
// from a pipe). At 52 MiB it collected the 41 MB once or twice near the
// end, a third of the run. Beyond about 18000 such arguments the live
// heap alone passes 64 MiB whatever the limit.
//
// A heap whose live part passes half the limit (a signature of 60000
// parameters and more) would make the collector run again and again at
// the limit, each time over the whole live heap: at 200000 parameters
// that was most of the run, and the time grew faster than the input.
// So after each collection (the first comes at the limit) watchHeap
// looks at the live heap, and once it passes half the limit the limit is
// lifted and the collector paced as GOGC=50 paces it, a collection each
// time the heap grows by half: the peak is then about 1.5 times the live
// heap, and the collections' work stays proportional to it.
//
// GOGC=100 was measured against it (5 interleaved rounds): a signature of
// 200000 parameters, whose heap is almost all live to the end, took 1.08
// s against 1.18 s at the same peak; HLO text of 200000 parameters,
// whose heap has garbage, 3.34 s and 613 MiB against 2.69 s and 523 MiB
// (on this machine kind a page of fresh memory costs more than marking
// it, and a heap allowed to grow further touches more of it). A GOGC set
// after each collection by what it freed was tried too: the HLO run
// frees little in one phase and much in the next, and reached 602 MiB.
// 50 stays.
const memoryLimit = 60 << 20

func main() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
		if os.Getenv("GOGC") == "" {
			debug.SetGCPercent(-1)
			watchHeap()
		}
	}
	exitOnSignal()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// watchHeap arranges that after the next collection, if the live heap
// is more than half of memoryLimit, the limit is lifted and the collector
// paced by GOGC=50 (see memoryLimit); otherwise it watches again. A
// finalizer on an object nobody holds runs after the collection that
// finds it unreachable, the first one after the call.
func watchHeap() {
	type sentinel struct{ _ [16]byte }
	runtime.SetFinalizer(new(sentinel), func(*sentinel) {
		sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		metrics.Read(sample)
		if sample[0].Value.Kind() == metrics.KindUint64 && sample[0].Value.Uint64() > memoryLimit/2 {
			debug.SetGCPercent(50)
			debug.SetMemoryLimit(math.MaxInt64)
			return
		}
		watchHeap()
	})
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
		code := 130
		if sig == syscall.SIGTERM {
			code = 143
		}
		os.Exit(code)
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
