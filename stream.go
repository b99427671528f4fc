package mhloalias

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/mhlo-alias/mhlo-alias/internal/fileio"

	"github.com/mhlo-alias/mhlo-alias/hlo"
)

// Writing a pipe to a file without a spool (package fileio has the
// ring). The scan reads the ring as the pipe fills it, the writer copies
// the same bytes to the output, and what the pipeline reads after the
// scan has passed it (the entry signature, the module's dictionary,
// alias definitions) is kept as the scan finds it. A run that needs
// anything else (an error to position, a module that is not the common
// case) abandons the stream: the input is rebuilt from the output written
// so far with its edits undone, the ring and the rest of the pipe, and
// the run starts again on it as on any stream.

// streamable reports whether a run with these settings can be streamed:
// one MLIR module, written with every encoding but --emit=module (whose
// attribute waits for the signature, so the writer could not follow the
// scan), without remarks (they quote source lines) or annotations.
func (s *settings) streamable() bool {
	return !s.SplitInputFile && !s.VerifyDiagnostics && s.filter == nil && s.Emit != "module"
}

// processStream is ProcessReaderTo on a streamed pipe.
func (s *settings) processStream(in *input, r io.Reader, out string) (*Result, error) {
	g := in.Grow
	// A stream shorter than spoolMin is read into memory, as any other:
	// streaming it would run the pipeline twice (early and at the end)
	// for no gain. The first token, within the head, tells HLO text from
	// MLIR.
	n, done := 0, false
	for !done && n < min(fileio.SpoolMin, fileio.RingChunk*fileio.RingChunks) {
		n, done = g.Wait(n)
	}
	isHLO, sure := hlo.SniffHLO(g.All[:n])
	if done && n < fileio.SpoolMin {
		// A small stream is held in memory, as readInput holds it.
		small := bytesInput(in.Display, bytes.Clone(g.All[:n]))
		in.Close()
		if err := g.ReadErr(); err != nil {
			return nil, err
		}
		return s.processTo(small, out, false)
	}
	if !sure || !isHLO {
		// The MLIR parser reads the whole input: a stream is spooled.
		return s.restream(in, r, out, nil)
	}
	if isHLO {
		if err := s.checkHLO(in.Display, g.All[:n]); err != nil {
			in.Close()
			return nil, err
		}
	}
	in.Data = g.All[:n]
	in.Release = g.Scanned
	sp := newSpeculation(in, s, out, false)
	if sp == nil {
		return s.restream(in, r, out, nil)
	}
	res, ok := s.streamModule(in, sp)
	if !ok {
		// The reader stops first: a writer copying to the end of the
		// stream would wait for it.
		g.Stop()
	}
	var werr error
	if sp.Launched() {
		werr = sp.Halt()
	}
	if fileio.WriteFailed(werr) {
		// The output cannot be written: writing it again from a rebuilt
		// input would fail the same way.
		g.Stop()
		sp.File.Abort()
		in.Close()
		return nil, fmt.Errorf("writing %s: %w", out, werr)
	}
	if !ok || !sp.Launched() || !sp.matches(res, werr) {
		// The output written so far, with its edits undone, is the
		// stream's start.
		g.Stop()
		return s.restream(in, r, out, sp)
	}
	if err := sp.File.Commit(false); err != nil {
		in.Close()
		return nil, err
	}
	res.overlapped, res.prefixed = true, sp.W.Prefixed
	in.Data, in.Streamed = nil, true
	return res, nil
}

// streamModule reads the stream's one module, HLO text, and runs the
// pipeline on what the scan kept; ok is false when the stream must be
// abandoned.
func (s *settings) streamModule(in *input, sp *speculation) (res *Result, ok bool) {
	// A read of a part of the input the ring no longer holds faults; it
	// abandons the stream like any other surprise.
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			if _, fault := r.(runtime.Error); !fault && r != fileio.ErrAbandon {
				panic(r)
			}
			res, ok = nil, false
		}
	}()
	seen := len(in.Data)
	more := func() []byte {
		v := in.MoreRing(seen)
		seen = len(v)
		return v
	}
	ho := hlo.Options{Release: in.Release, Early: sp.hloHook(), More: more, Step: fileio.StreamStep, Keep: in.KeepSpan}
	file, err := hlo.ParseFile(in.Display, in.Data, ho)
	if err != nil || in.Grow.WaitEnd() != nil {
		return nil, false
	}
	cfg, edits, diags := s.rewriteHLO(file, in.Text(), nil)
	if diags.HasErrors() {
		return nil, false
	}
	n := in.Grow.Size()
	m := &Module{Start: 0, End: n, Config: cfg, Edits: edits, Diagnostics: diags, OK: true, Passed: true}
	return &Result{Name: in.Display, in: in, Modules: []*Module{m}}, true
}

// restream abandons the stream in and runs ProcessReaderTo again on the
// input rebuilt from what sp wrote (nil: nothing), the ring and the rest
// of r.
func (s *settings) restream(in *input, r io.Reader, out string, sp *speculation) (*Result, error) {
	g := in.Grow
	g.Stop()
	base, n := g.RingBase(), g.Size()
	var parts []io.Reader
	if base > 0 {
		var prefix []io.Reader
		err := errors.New("the stream's start is lost")
		if sp != nil && sp.File != nil {
			prefix, err = sp.W.WrittenInput(base)
		}
		if err != nil {
			if sp != nil && sp.File != nil {
				sp.File.Abort()
			}
			in.Close()
			return nil, fmt.Errorf("writing %s: %w", out, err)
		}
		parts = append(parts, prefix...)
	}
	if err := g.ReadErr(); err != nil {
		if sp != nil && sp.File != nil {
			sp.File.Abort()
		}
		in.Close()
		return nil, err
	}
	// After the ring, the rest of the pipe (at its end, if the ring
	// reached it).
	parts = append(parts, bytes.NewReader(g.All[base:n]), r)
	again, err := readInput(in.Display, io.MultiReader(parts...))
	if err == nil {
		err = s.prepare(again)
	}
	if err == nil {
		err = again.Complete()
	}
	// The rebuilt input is spooled whole: the ring and the output written
	// so far are no longer needed.
	if sp != nil && sp.File != nil {
		sp.File.Abort()
	}
	in.Close()
	if err != nil {
		if again != nil {
			again.Close()
		}
		return nil, err
	}
	return s.processTo(again, out, false)
}
