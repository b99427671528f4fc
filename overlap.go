package mhloalias

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"github.com/mhlo-alias/mhlo-alias/internal/fileio"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/hlo"
	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/printer"
)

// overlapMin is the input size from which ProcessFileTo writes the output
// while the scan goes on; below it the scan is too short to be worth a
// second thread. A variable for tests.
var overlapMin = 16 << 20

// ProcessFileTo processes the file at path and writes the output text to
// the file out, as Result.WriteFile does; when out is path itself the file
// is rewritten in place, as Result.WriteInPlace does. Nothing is written
// when the result is not OK (see Result.Err). The Result must be closed.
//
// For a large file the output is written while the scan goes on: the text
// before the entry function as soon as the module's attributes are read
// (for every encoding but --emit=module, whose module attribute depends on
// the signature), and the rest once the entry function's signature gives
// every edit; the kernel copies the text around the edits into the output
// while the rest of the file is scanned and checked. When the scan ends,
// the result is compared with what was written; only an identical one is
// renamed into place, otherwise the output is written again from the
// result. So the output is always the result's, and a file to file run
// costs little more than a copy.
func ProcessFileTo(path, out string, o Options) (*Result, error) {
	s, err := o.resolve()
	if err != nil {
		return nil, err
	}
	if f, ok, err := openStream(path); ok {
		if err != nil {
			return nil, err
		}
		if sameFile(path, out) {
			f.Close()
			return nil, fmt.Errorf("%s: only a regular file can be rewritten in place", path)
		}
		res, err := ProcessReaderTo(path, f, out, o)
		return res.own(f), err
	}
	in, err := openFile(path)
	if err != nil {
		return nil, err
	}
	return s.processTo(in, out, sameFile(path, out))
}

// ProcessReaderTo is ProcessReader writing the output text to the file
// out, as Result.WriteFile does. A pipe holding one MLIR module, with no
// remarks, annotations or --emit=module asked for, is written as it is
// read, without a spool: the Result's Source is then nil and its output
// methods report that the text was not kept. Any other large stream is
// spooled to a temporary file while it is scanned and written as
// ProcessFileTo writes a named file. The Result must be closed.
func ProcessReaderTo(name string, r io.Reader, out string, o Options) (*Result, error) {
	s, err := o.resolve()
	if err != nil {
		return nil, err
	}
	if p, ok := fileio.PipeOf(r); ok && s.streamable() {
		if in, err := fileio.StreamPipe(name, p); err == nil {
			return s.processStream(in, r, out)
		}
	}
	in, err := readInput(name, r)
	if err != nil {
		return nil, err
	}
	return s.processTo(in, out, false)
}

// processTo processes in and writes its output to out (in place when
// inPlace), during the scan where it can.
func (s *settings) processTo(in *input, out string, inPlace bool) (*Result, error) {
	var err error
	gerr := in.Guard(func() {
		if err = s.prepare(in); err == nil {
			err = s.checkInput(in)
		}
	})
	if err = cmp.Or(gerr, err); err != nil {
		in.Close()
		return nil, err
	}
	sp := newSpeculation(in, s, out, inPlace)
	var res *Result
	if gerr := in.Guard(func() { res, err = s.process(in, sp) }); gerr != nil {
		err = gerr
	}
	if err == nil {
		err = in.Unchanged()
	}
	if err != nil {
		if sp != nil {
			sp.finish(nil)
		}
		in.Close()
		return nil, err
	}
	if sp != nil && sp.finish(res) {
		res.overlapped, res.prefixed = true, sp.w.Prefixed
		return res, nil
	}
	if !res.OK() {
		return res, nil
	}
	if inPlace {
		err = res.WriteInPlace()
	} else {
		err = res.WriteFile(out)
	}
	return res, err
}

// sameFile reports whether a and b name the same file.
func sameFile(a, b string) bool {
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}

// speculation is an output written while the scan goes on, from the edits
// known so far.
//
// It goes in up to two phases. When the encoding to write does not depend
// on the signature (every --emit but module, or no rewrite at all), the
// module's own edit is known as soon as its attribute dictionary is read
// (parser.Options.Header): for those the prefix phase copies the text
// before the entry function, with that edit, behind the scan
// (parser.Options.Progress says how far the text is settled). Once the
// entry signature is read (Options.Early) every edit is known and the rest
// is copied while the scan goes on. What was written is always the input
// with the edits the writer applied; finish commits it only when those
// are exactly the result's.
type speculation struct {
	in      *input
	s       *settings
	target  string // the file renamed over, symbolic links resolved
	inPlace bool

	file *fileio.AtomicFile
	done chan error // the writer's result; nil until it starts
	wake chan struct{}

	mu       sync.Mutex     // guards the fields below, shared with the writer
	settled  int            // the prefix phase may copy up to here
	prefix   []printer.Edit // the edits of the prefix phase
	full     []printer.Edit // every edit, once known
	haveFull bool
	stop     bool
	// handled is the last settled offset the writer has acted on, ended
	// whether it has returned; with syncPrefix, Progress waits for them.
	handled int
	ended   bool
	cond    *sync.Cond

	w fileio.EditWriter // the writer's own; read by finish after done

	early *earlyResult // set by the MLIR Early hook when its pipeline succeeds

	halted bool  // halt has waited for the writer
	werr   error // the writer's result, once halted
}

// errStopped is the writer's result when it was stopped before the end.
var errStopped = errors.New("speculative output stopped")

// writeFailed reports whether the writer's result err is a failure to
// write, rather than a stop.
func writeFailed(err error) bool {
	return err != nil && err != errStopped && err != errMismatch
}

// errMismatch is the writer's result when the edits of the whole
// signature disagree with what the prefix phase wrote.
var errMismatch = fileio.ErrMismatch

// newSpeculation returns a speculation for writing in to out, or nil when
// the input is too small, not a file, split into chunks, or out is not a
// regular file.
func newSpeculation(in *input, s *settings, out string, inPlace bool) *speculation {
	streamed := in.Grow != nil && in.Grow.InRing()
	if (len(in.Data) < overlapMin && in.Grow == nil) || (in.File == nil && !streamed) || s.SplitInputFile || s.VerifyDiagnostics {
		return nil
	}
	target := out
	if inPlace {
		var err error
		if target, err = filepath.EvalSymlinks(out); err != nil {
			return nil
		}
	}
	if st, err := os.Stat(target); err == nil && !st.Mode().IsRegular() {
		return nil
	}
	sp := &speculation{in: in, s: s, target: target, inPlace: inPlace, wake: make(chan struct{}, 1)}
	sp.cond = sync.NewCond(&sp.mu)
	return sp
}

// syncPrefix makes Progress wait until the writer has copied up to the
// offset it was given, so that tests see the prefix phase write whatever
// the scheduling.
var syncPrefix = false

// headerHook is parser.Options.Header: when the module's edit does not
// depend on the signature, it computes it and starts the prefix phase.
// Nil when sp is.
func (sp *speculation) headerHook() func(*ast.Module) {
	if sp == nil {
		return nil
	}
	return func(m *ast.Module) {
		var edits []printer.Edit
		if sp.s.rewrites() {
			if sp.s.emit == printer.EmitModule {
				return // the attribute holds every alias
			}
			// The printer with no argument and no alias gives the module's
			// edit alone; the result is compared with the real one anyway.
			f := &ast.File{Module: m, Entry: &ast.Func{}}
			var err error
			if edits, err = printer.Edits(f, sp.in.Text(), model.NewConfig(nil, model.Shape{}), sp.s.emit); err != nil {
				return
			}
		}
		sp.mu.Lock()
		sp.prefix = edits
		sp.mu.Unlock()
		sp.launch()
	}
}

// progressHook is parser.Options.Progress: it lets the prefix phase copy
// up to off. Nil when sp is.
func (sp *speculation) progressHook() func(int) {
	if sp == nil {
		return nil
	}
	return func(off int) {
		if sp.done == nil {
			return
		}
		sp.mu.Lock()
		sp.settled = off
		sp.mu.Unlock()
		sp.poke()
		if syncPrefix {
			sp.mu.Lock()
			for sp.handled < off && !sp.ended {
				sp.cond.Wait()
			}
			sp.mu.Unlock()
		}
	}
}

// mlirHook is parser.Options.Early: it runs the pipeline on the file as
// read so far and, when that succeeds, has the writer finish the output.
// Nil when sp is.
func (sp *speculation) mlirHook() func(*ast.File) {
	if sp == nil {
		return nil
	}
	return func(f *ast.File) {
		e := &earlyResult{file: f}
		e.cfg, e.edits, e.diags = sp.s.rewriteRemarks(f, sp.in.Text(), &e.remarks)
		if !e.diags.HasErrors() {
			sp.early = e
		}
		sp.start(e.edits, e.diags)
	}
}

// earlyResult is the pipeline's result on the file as Early saw it.
type earlyResult struct {
	file    *ast.File
	cfg     *model.Config
	edits   []printer.Edit
	diags   ast.ErrorList
	remarks []ast.Remark
}

// reuse returns the early result for the file ParseFile read, when that
// is the file the early pipeline ran on: the same entry and module nodes
// (ParseFile keeps those it parsed early), and no alias defined after the
// entry is named in the text the pipeline read (the signature, the
// module's dictionary, the aliases defined before). The pipeline reads
// nothing else, so its result would be the same; running it again would
// only double its memory. Location aliases printed after the module are
// the common case of a later alias.
func (sp *speculation) reuse(f *ast.File) *earlyResult {
	if sp == nil || sp.early == nil {
		return nil
	}
	e := sp.early
	if f.Entry != e.file.Entry || f.Module != e.file.Module {
		return nil
	}
	var read [][]byte
	text := sp.in.Text()
	add := func(a, b ast.Pos) { read = append(read, text[a.Offset:b.Offset]) }
	if sig := f.Entry.Sig; sig != nil {
		add(sig.Pos, sig.EndPos)
	}
	for _, d := range []*ast.AttrDict{f.Entry.Props, f.Entry.Attrs} {
		if d != nil {
			add(d.Pos, d.EndPos)
		}
	}
	if f.Module != nil && f.Module.Attrs != nil {
		add(f.Module.Attrs.Pos, f.Module.Attrs.EndPos)
	}
	for _, m := range []map[string]ast.Span{e.file.TypeAliases, e.file.AttrAliases} {
		for _, span := range m {
			add(span.Pos, span.End)
		}
	}
	for _, pair := range [][2]map[string]ast.Span{{f.TypeAliases, e.file.TypeAliases}, {f.AttrAliases, e.file.AttrAliases}} {
		for name := range pair[0] {
			if _, early := pair[1][name]; early {
				continue
			}
			for _, t := range read {
				if bytes.Contains(t, []byte(name)) {
					return nil
				}
			}
		}
	}
	return e
}

// hloHook is hlo.Options.Early: it runs the pipeline on the header, whose
// entry_computation_layout gives every shape, and when that succeeds
// starts writing the output. Nil when sp is.
func (sp *speculation) hloHook() func(*hlo.File) {
	if sp == nil {
		return nil
	}
	return func(f *hlo.File) {
		cfg, diags := hlo.LowerHeader(f)
		if diags.HasErrors() {
			return
		}
		read := hlo.TablesOf(cfg)
		if diags = sp.s.runPasses(cfg, nil); diags.HasErrors() {
			return
		}
		edits, err := hlo.EditsSince(f, sp.in.Text(), read, cfg)
		if err != nil {
			return
		}
		sp.start(edits, diags)
	}
}

// start hands the writer every edit, starting it if the prefix phase did
// not; when the early pipeline failed, or in place nothing changes, the
// writer stops instead and the output is written from the result.
func (sp *speculation) start(edits []printer.Edit, diags ast.ErrorList) {
	sp.mu.Lock()
	if diags.HasErrors() || (sp.inPlace && len(edits) == 0) {
		sp.stop = true
	} else {
		sp.full, sp.haveFull = edits, true
	}
	sp.mu.Unlock()
	if !sp.stopped() {
		sp.launch()
	}
	sp.poke()
}

func (sp *speculation) stopped() bool {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	return sp.stop
}

// launch creates the temporary output and starts the writer, once. It is
// called from the scan's goroutine (parser hooks) or, for HLO text, from
// the goroutine of the early parse, which runs no parser hook; never from
// two at once.
func (sp *speculation) launch() {
	if sp.done != nil {
		return
	}
	file, err := fileio.CreateAtomic(sp.target)
	if err != nil {
		return
	}
	if sp.in.Grow == nil {
		fileio.Preallocate(file.Tmp, len(sp.in.Data))
	}
	sp.file, sp.done = file, make(chan error, 1)
	sp.w = fileio.EditWriter{In: sp.in, F: file.Tmp, BW: bufio.NewWriterSize(file.Tmp, 64<<10)}
	if sp.w.Streamed() {
		// Busy from now until it waits: a scan that waits meanwhile is
		// not stuck.
		sp.in.Grow.WriterIdle(false)
	}
	go func() {
		var err error
		if gerr := sp.in.Guard(func() { err = sp.write() }); gerr != nil {
			err = gerr
		}
		if sp.w.Streamed() {
			// A writer that has stopped frees nothing more of the ring;
			// one that failed to write lets the scan go on alone (the
			// run then reports the write error, see processStream).
			if writeFailed(err) {
				sp.in.Grow.Wrote(int(^uint(0) >> 1))
			}
			sp.in.Grow.WriterIdle(true)
		}
		sp.mu.Lock()
		sp.ended = true
		sp.cond.Broadcast()
		sp.mu.Unlock()
		sp.done <- err
	}()
	sp.poke()
}

// poke wakes the writer.
func (sp *speculation) poke() {
	if sp.in.Grow != nil && sp.in.Grow.InRing() {
		sp.in.Grow.Poke()
		return
	}
	select {
	case sp.wake <- struct{}{}:
	default:
	}
}

// write is the writer: it copies the settled prefix as it grows, then,
// once every edit is known, the whole rest.
func (sp *speculation) write() error {
	w := &sp.w
	for {
		// A streamed input's reader needs to know whether the writer is
		// waiting to be told more, or busy.
		if w.Streamed() {
			w.In.Grow.AwaitPoke()
		} else {
			<-sp.wake
		}
		sp.mu.Lock()
		stop, haveFull, full, prefix, settled := sp.stop, sp.haveFull, sp.full, sp.prefix, sp.settled
		sp.mu.Unlock()
		switch {
		case stop:
			return errStopped
		case haveFull:
			if !w.Continues(full) {
				return errMismatch
			}
			w.Prefixed = w.At
			if err := w.CopyRest(full); err != nil {
				return err
			}
			if err := w.BW.Flush(); err != nil {
				return err
			}
			// The file was preallocated to the input's size: it ends
			// where the writer stopped.
			n, err := w.F.Seek(0, io.SeekCurrent)
			if err != nil {
				return err
			}
			return w.F.Truncate(n)
		default:
			if err := w.CopyTo(settled, prefix[len(w.Applied):]); err != nil {
				return err
			}
			sp.mu.Lock()
			sp.handled = settled
			sp.cond.Broadcast()
			sp.mu.Unlock()
		}
	}
}

// finish stops a writer still waiting, waits for it and commits its output
// when res is OK and has exactly the edits it wrote; it reports whether it
// did. Otherwise the output is removed.
func (sp *speculation) finish(res *Result) bool {
	if sp.done == nil {
		return false
	}
	if !sp.matches(res, sp.halt()) || sp.in.Unchanged() != nil {
		sp.file.Abort()
		return false
	}
	return sp.file.Commit(sp.inPlace) == nil
}

// halt stops a writer still waiting for the edits, waits for it and
// returns its result; it may be called again.
func (sp *speculation) halt() error {
	if !sp.halted {
		sp.mu.Lock()
		sp.stop = !sp.haveFull
		sp.mu.Unlock()
		sp.poke()
		sp.werr, sp.halted = <-sp.done, true
	}
	return sp.werr
}

// matches reports whether the writer, which ended with err, wrote the
// output of res.
func (sp *speculation) matches(res *Result, err error) bool {
	return res != nil && err == nil && res.OK() && slices.Equal(res.Modules[0].Edits, sp.w.Applied)
}
