// Package faults carries faults on memory (a mapped file truncated under
// the reader: SIGBUS) from a helper goroutine to the goroutine that
// started it.
//
// debug.SetPanicOnFault holds per goroutine: the root package sets it
// around every read of a mapped input, but a goroutine that a stage
// starts to read part of that input in parallel would still crash the
// process on a fault. Go runs such a goroutine with faults turned into
// panics, and its wait function re-raises the panic, if any, on the
// caller's goroutine, where the root package's guard turns it into an
// error.
package faults

import "runtime/debug"

// Go runs f on a goroutine of its own with faults on memory turned into
// panics. The returned function waits for f; when f panicked, it panics
// with the same value on the calling goroutine.
func Go(f func()) (wait func()) {
	done := make(chan any, 1)
	go func() {
		debug.SetPanicOnFault(true)
		defer func() { done <- recover() }()
		f()
	}()
	return func() {
		if r := <-done; r != nil {
			panic(r)
		}
	}
}
