package mhloalias

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/edit"
	"github.com/mhlo-alias/mhlo-alias/internal/fileio"
	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/passes"
)

// Result is what processing one input produced: a module for each chunk
// (one without Options.SplitInputFile). A Result from ProcessFile or
// ProcessReader may map the input; Close releases it.
//
// Its methods never panic: on a nil Result they return an error (or
// false, or nil, where they return none); the zero Result is that of an
// empty input with no modules, OK and writing nothing; Modules changed so
// that one is nil, or no longer lies in the input with its edits in
// order, make the output methods return an error.
type Result struct {
	// Name is the input's name as diagnostics print it.
	Name string
	// Modules are the input's modules, in order.
	Modules []*Module
	in      *input
	// src is the file a stream was read from (a named FIFO, a device),
	// closed with the Result.
	src *os.File
	// closed is set by Close: the input is no longer there to read.
	closed bool
}

// Module is the outcome for one module of the input.
type Module struct {
	// Chunk is the module's number in the input, from 0.
	Chunk int
	// Start and End are the module's bytes in the input.
	Start, End int
	// Config is the alias table after the passes, or nil when the module
	// could not be read or a pass failed.
	Config *model.Config
	// Edits are the splices that write Config into the text, with
	// offsets into the whole input; none when the output is the input,
	// byte for byte (every format has this one meaning of "changed").
	Edits []edit.Edit
	// Diagnostics are the module's errors and warnings, in order. With
	// Options.VerifyDiagnostics they are the verification's failures.
	Diagnostics ast.ErrorList
	// OK reports whether the module was read, rewritten and verified; only
	// such a module has output.
	OK bool
	// Passed is the module's verdict: OK, or with
	// Options.VerifyDiagnostics, whether its diagnostics were as annotated.
	Passed bool
	// Remarks are the remarks the passes made that Options.Remarks shows,
	// in the order they were made; positions count in the whole input but
	// byte offsets in the module's own text (Start:End). With
	// Options.VerifyDiagnostics they were also checked against the
	// expected-remark annotations.
	Remarks []ast.Remark
	// UnusedDonors explain, with Options.ExplainDonors or UnusedDonors
	// "warn" or "error", each donor still registered in Config: the
	// donor-unused remark of the pipeline's last donation pass, or when
	// none ran, what buffer-donation-to-alias's explanation says of the
	// final config (passes.UnusedDonors). Its Reason starts with the
	// class, as the remark's does.
	UnusedDonors []passes.UnusedDonor
	// Compared is, with Options.CompareDonations, what JAX's pairing,
	// XLA's donation pass and Neuron's would each do with every donated
	// parameter leaf of the module as read, before the pipeline
	// (passes.Compare).
	Compared []model.Comparison
}

// Process reads the module text src, named name in diagnostics, runs the
// pipeline o asks for and computes the edits. The error is a UsageError
// for bad options; problems in the text are the modules' Diagnostics.
func Process(name string, src []byte, o Options) (*Result, error) {
	if name == "" {
		name = o.Name
	}
	return process(fileio.BytesInput(name, src), o)
}

// ProcessFile is Process on the file at path. A regular file is mapped,
// not read, and the pages the scan has passed are dropped, so a file of
// gigabytes takes little memory; anything else (a named FIFO, a device)
// is read as ProcessReader reads a stream. The Result must be closed.
func ProcessFile(path string, o Options) (*Result, error) {
	if f, ok, err := openStream(path); ok {
		if err != nil {
			return nil, err
		}
		res, err := ProcessReader(path, f, o)
		if res == nil {
			f.Close()
		} else {
			res.src = f
		}
		return res, err
	}
	in, err := fileio.OpenFile(path)
	if err != nil {
		return nil, err
	}
	return process(in, o)
}

// ProcessReader is Process on everything r yields, named name. A stream
// is held in memory up to a bound and spilled beyond it to an unlinked
// temporary file, which is mapped; the Result must be closed. A stream
// that shows it is no module (text holding a NUL byte, binary data whose
// protobuf fields break) ends the read there, and its Result holds that
// diagnostic. An error of r ends the input with that error, even with
// data; so does a count out of range (below zero, or above the buffer's
// length), and so does a panic of r. A nil r is an error.
func ProcessReader(name string, r io.Reader, o Options) (*Result, error) {
	if _, err := o.resolve(); err != nil {
		return nil, err
	}
	in, bad, err := readInput(name, r)
	if err != nil {
		return nil, err
	}
	if bad != nil {
		m := &Module{End: len(in.Data), Diagnostics: ast.ErrorList{bad}}
		return &Result{Name: name, in: in, Modules: []*Module{m}}, nil
	}
	return process(in, o)
}

// process runs o on in; on an error it closes in.
func process(in *input, o Options) (*Result, error) {
	s, err := o.resolve()
	if err != nil {
		in.Close()
		return nil, err
	}
	var res *Result
	gerr := in.Guard(func() {
		if err = s.checkInput(in); err != nil {
			return
		}
		res = s.process(in)
	})
	if err = cmp.Or(gerr, in.Unchanged(), err); err != nil {
		in.Close()
		return nil, err
	}
	return res, nil
}

// process runs the pipeline on every chunk of in.
func (s *settings) process(in *input) *Result {
	res := &Result{Name: in.Display, in: in}
	for i, ch := range splitChunks(in.Data, s.splits(in)) {
		m := s.module(in, ch)
		m.Chunk = i
		res.Modules = append(res.Modules, m)
	}
	return res
}

// module runs the pipeline on one chunk.
func (s *settings) module(in *input, ch chunk) *Module {
	src := in.Data[ch.start:ch.end]
	var release func(from, to int)
	if in.Release != nil {
		release = func(from, to int) { in.Release(ch.start+from, ch.start+to) }
	}
	m := &Module{Start: ch.start, End: ch.end}
	cfg, edits, diags := s.run(in.Display, src, ch.line-1, release, m)
	m.OK = !diags.HasErrors()
	if m.OK {
		m.Config = cfg
		for i := range edits {
			edits[i].Start += ch.start
			edits[i].End += ch.start
		}
		m.Edits = effective(in.Data, edits) // none when the output is the input
	} else {
		m.UnusedDonors, m.Compared = nil, nil // a failed module has none
	}
	m.Passed = m.OK
	if s.VerifyDiagnostics {
		// The verdict is the annotations'; a module that failed as
		// expected still has no output.
		expected, perr := parseExpectations(in.Display, src, ch.line-1)
		for i, d := range diags {
			if d.Lenient && d.Severity == ast.SevWarning {
				e := *d
				e.Severity = ast.SevError // as the consumer reports it
				diags[i] = &e
			}
		}
		diags = append(perr, verifyDiagnostics(expected, diags, m.Remarks)...)
		diags.Sort()
		m.Passed = !diags.HasErrors()
	}
	m.Diagnostics = diags
	return m
}

// run reads one module, runs the passes, verifies the result and computes
// the edits; the remarks shown and what the passes found beside the
// config go into m (runPasses). lineOffset is the chunk's first line less
// one; release, when set, is told the ranges the reading no longer needs
// in memory.
func (s *settings) run(name string, src []byte, lineOffset int, release func(from, to int), m *Module) (*model.Config, []edit.Edit, ast.ErrorList) {
	f, diags := s.read(name, src, lineOffset, release)
	if diags.HasErrors() {
		return nil, nil, diags
	}
	cfg, diags := f.config()
	if diags.HasErrors() {
		return nil, nil, diags
	}
	if cfg.Sharding.Partitions == 0 {
		// Counted once here, so that PerDevice costs nothing later.
		cfg.Sharding.Partitions = cfg.Sharding.DeviceCount()
	}
	pairs := slices.ContainsFunc(s.pipeline, func(st passes.Step) bool {
		return st.Pass == passes.OptimizeInputOutputBufferAlias || st.Pass == passes.JAXDonation
	})
	var read map[unsettledKey]bool
	if pairs {
		read = map[unsettledKey]bool{}
	}
	diags = append(diags, unsettledWarnings(cfg, nil, read)...)
	if diags = append(diags, s.runPasses(cfg, m)...); diags.HasErrors() {
		return nil, nil, diags
	}
	if pairs {
		// The aliases XLA's or JAX's pairing made are warned of too, once;
		// Neuron's passes pair modules that are already per rank.
		diags = append(diags, unsettledWarnings(cfg, read, nil)...)
	}
	if !s.rewrites() {
		return cfg, nil, diags
	}
	edits, err := f.edits(cfg)
	if err != nil {
		return nil, nil, append(diags, ast.ListOf(err)...)
	}
	return cfg, edits, diags
}

// runPasses runs the pipeline on a config read from either front end,
// verifies the result and adds the Options.UnusedDonors diagnostics; the
// remarks shown are appended to m.Remarks, and m.UnusedDonors and
// m.Compared are set as the Options ask. The result has errors when the
// module fails; it may hold warnings otherwise.
func (s *settings) runPasses(cfg *model.Config, m *Module) ast.ErrorList {
	verifyEach := !s.SkipVerifyEach
	ro := passes.RunOptions{VerifyEach: verifyEach, Remark: s.remarkSink(&m.Remarks)}
	if s.AssumeDefaultLayouts {
		assumeDefaultLayouts(cfg, ro.Remark)
	}
	if s.CompareDonations {
		var err error
		if m.Compared, err = passes.Compare(cfg, nil); err != nil {
			return ast.ListOf(err)
		}
	}
	if s.explainsDonors() {
		ro.UnusedDonors = &m.UnusedDonors
	}
	if err := passes.Run(cfg, s.pipeline, ro); err != nil {
		return ast.ListOf(err)
	}
	// With verify-each the last pass's check was of this very config.
	if !verifyEach || len(s.pipeline) == 0 {
		if errs := passes.VerifyAfter(cfg, s.pipeline); errs.HasErrors() {
			return errs
		}
	}
	return s.unusedDonors(cfg, m.UnusedDonors)
}

// errNilResult is the error of the methods of a nil Result.
var errNilResult = errors.New("nil Result")

// errorf is an error about r, named by its Name when it has one.
func (r *Result) errorf(format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	if r.Name != "" {
		msg = r.Name + ": " + msg
	}
	return errors.New(msg)
}

// text is r's input, to read its text: an error for a nil or closed
// Result or one whose text was not kept; an empty input for the zero
// Result.
func (r *Result) text() (*input, error) {
	if r == nil {
		return nil, errNilResult
	}
	if r.closed {
		return nil, r.errorf("the Result is closed")
	}
	if r.in == nil {
		return fileio.BytesInput(r.Name, nil), nil
	}
	return r.in, nil
}

// output is text, for a method that writes the modules: each must lie in
// the input, after the one before, with its edits in order inside it.
func (r *Result) output() (*input, error) {
	in, err := r.text()
	if err != nil {
		return nil, err
	}
	at := 0
	for i, m := range r.Modules {
		if m == nil {
			return nil, r.errorf("module %d is nil", i)
		}
		if m.Start < at || m.End < m.Start || m.End > len(in.Data) {
			return nil, r.errorf("module %d: bytes %d to %d are not in the input's %d, after the module before", i, m.Start, m.End, len(in.Data))
		}
		at = m.Start
		for _, e := range m.Edits {
			if e.Start < at || e.End < e.Start || e.End > m.End {
				return nil, r.errorf("module %d: edit of bytes %d to %d is not in the module's %d to %d, after the edit before", i, e.Start, e.End, m.Start, m.End)
			}
			at = e.End
		}
		at = m.End
	}
	return in, nil
}

// modulesTo is r.Modules, for a method that writes them to w: an error
// for a nil Result, a nil Module or a nil w.
func (r *Result) modulesTo(w io.Writer) ([]*Module, error) {
	if r == nil {
		return nil, errNilResult
	}
	if i := slices.Index(r.Modules, nil); i >= 0 {
		return nil, r.errorf("module %d is nil", i)
	}
	if w == nil {
		return nil, r.errorf("no writer")
	}
	return r.Modules, nil
}

// OK reports whether every module passed: it was read, rewritten and
// verified, or with Options.VerifyDiagnostics, its diagnostics were as
// annotated. A nil Result, or one holding a nil Module, is not OK.
func (r *Result) OK() bool {
	return r != nil && !slices.ContainsFunc(r.Modules, func(m *Module) bool { return m == nil || !m.Passed })
}

// Diagnostics are every module's diagnostics, in order.
func (r *Result) Diagnostics() ast.ErrorList {
	if r == nil {
		return nil
	}
	var all ast.ErrorList
	for _, m := range r.Modules {
		if m != nil {
			all = append(all, m.Diagnostics...)
		}
	}
	return all
}

// Err returns the diagnostics as an error when the result is not OK, or
// nil.
func (r *Result) Err() error {
	if r == nil {
		return errNilResult
	}
	if r.OK() {
		return nil
	}
	if d := r.Diagnostics(); len(d) > 0 {
		return d
	}
	return r.errorf("failed")
}

// Changed reports whether the output differs from the input: whether any
// module has edits (Module.Edits holds none that change nothing). -d,
// -l, -w and RewriteFile all go by it.
func (r *Result) Changed() bool {
	return r != nil && slices.ContainsFunc(r.Modules, func(m *Module) bool { return m != nil && len(m.Edits) > 0 })
}

// Source returns the input's text. For a mapped file (ProcessFile, or a
// large stream that ProcessReader spilled) it is a copy, read when Source
// is called: the mapping itself is never handed out, since it is gone
// after Close and faults where its file was truncated. ReadAt reads a
// part of the input without copying the whole.
//
// The error is a ChangedError when the file changed since it was
// processed; it also reports a closed or nil Result.
func (r *Result) Source() ([]byte, error) {
	in, err := r.text()
	if err != nil {
		return nil, err
	}
	return in.Bytes()
}

// ReadAt reads len(p) bytes of the input's text from offset off, as
// io.ReaderAt does, with the errors of Source: a file that changed since
// it was processed is its ChangedError, never a fault.
func (r *Result) ReadAt(p []byte, off int64) (n int, err error) {
	in, err := r.text()
	if err != nil {
		return 0, err
	}
	return in.ReadAt(p, off)
}

// Close releases the input: a mapped file is unmapped. The output methods,
// Source and ReadAt report an error after it; closing again, or closing a
// nil Result, does nothing.
func (r *Result) Close() error {
	if r == nil || r.closed {
		return nil
	}
	r.closed = true
	var err error
	if r.in != nil {
		err = r.in.Close()
	}
	if r.src != nil {
		r.src.Close()
	}
	return err
}

// openStream opens path when it is not a regular file or a directory: a
// named FIFO, a character device, /dev/stdin on a pipe. Such a file is
// read as a stream, as standard input is, with the same memory bound
// (see ProcessReader), rather than read whole; ok is false for a regular
// file, which is mapped.
func openStream(path string) (f *os.File, ok bool, err error) {
	st, err := os.Stat(path)
	if err != nil || st.Mode().IsRegular() || st.IsDir() {
		return nil, false, nil
	}
	f, err = os.Open(path)
	return f, true, err
}

// Config is the first module's config, for the common case of an input
// holding one module; nil when it failed.
func (r *Result) Config() *model.Config {
	if r == nil || len(r.Modules) == 0 || r.Modules[0] == nil {
		return nil
	}
	return r.Modules[0].Config
}

// unsettledShown is the most warnings of aliases whose sharding XLA's
// partitioner settles that a module shows at once.
const unsettledShown = 8

// unsettledKey is an alias by its parameter leaf and output index.
type unsettledKey struct {
	param      int64
	index, out string
}

// unsettledWarnings warns of the aliases of cfg whose sharding XLA's
// partitioner settles (model.Config.ForEachUnsettled), except those in
// skip: the first unsettledShown, and when there are more, one more at
// the next that counts the rest. Only the warnings shown are built. Each
// alias walked is added to record when it is not nil.
func unsettledWarnings(cfg *model.Config, skip, record map[unsettledKey]bool) ast.ErrorList {
	var ws ast.ErrorList
	n := 0
	cfg.ForEachUnsettled(func(out model.ShapeIndex, a model.Alias) {
		if skip != nil || record != nil {
			k := unsettledKey{a.ParamNumber, a.ParamIndex.String(), out.String()}
			if skip[k] {
				return
			}
			if record != nil {
				record[k] = true
			}
		}
		if n++; n <= unsettledShown+1 {
			ws = append(ws, cfg.UnsettledWarning(out, a))
		}
	})
	return firstUnsettled(ws, n)
}

// firstUnsettled is the first unsettledShown warnings of ws, and when
// there are more (n in all), one more that counts the rest, at the first
// of them.
func firstUnsettled(ws ast.ErrorList, n int) ast.ErrorList {
	if n <= unsettledShown {
		return ws
	}
	more := *ws[unsettledShown]
	more.Msg = fmt.Sprintf("%d more aliases one of whose sides has no sharding, as above, are not shown", n-unsettledShown)
	return append(ws[:unsettledShown:unsettledShown], &more)
}
