package mhloalias

import (
	"bytes"
	"cmp"
	"fmt"
	"github.com/mhlo-alias/mhlo-alias/edit"
	"github.com/mhlo-alias/mhlo-alias/internal/fileio"
	"io"
	"os"

	"github.com/mhlo-alias/mhlo-alias/ast"
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
// read, without a spool: the Result's Source and its output methods then
// report that the text was not kept. Any other large stream is
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
		res.overlapped, res.prefixed = true, sp.W.Prefixed
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

// speculation is the output ProcessFileTo writes while the scan goes on
// (fileio.Speculation), with the hooks that feed it from the scan: the
// module's own edit once its attribute dictionary is read, when the
// encoding to write does not depend on the signature (every --emit but
// module, or no rewrite at all; parser.Options.Header), how far the text
// before the entry function is settled (parser.Options.Progress), and
// every edit once the entry signature is read (Options.Early).
type speculation struct {
	*fileio.Speculation
	in    *input
	s     *settings
	early *earlyResult // set by the MLIR Early hook when its pipeline succeeds
}

// newSpeculation returns a speculation for writing in to out, or nil when
// the input is too small, not a file, split into chunks, or out is not a
// regular file.
func newSpeculation(in *input, s *settings, out string, inPlace bool) *speculation {
	if (len(in.Data) < overlapMin && in.Grow == nil) || s.SplitInputFile || s.VerifyDiagnostics {
		return nil
	}
	f := fileio.NewSpeculation(in, out, inPlace)
	if f == nil {
		return nil
	}
	return &speculation{Speculation: f, in: in, s: s}
}

// headerHook is parser.Options.Header: when the module's edit does not
// depend on the signature, it computes it and starts the prefix phase.
// Nil when sp is.
func (sp *speculation) headerHook() func(*ast.Module) {
	if sp == nil {
		return nil
	}
	return func(m *ast.Module) {
		var edits []edit.Edit
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
		sp.SetPrefix(edits)
	}
}

// progressHook is parser.Options.Progress: it lets the prefix phase copy
// up to off. Nil when sp is.
func (sp *speculation) progressHook() func(int) {
	if sp == nil {
		return nil
	}
	return sp.Settle
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
		sp.Start(e.edits, e.diags.HasErrors())
	}
}

// earlyResult is the pipeline's result on the file as Early saw it.
type earlyResult struct {
	file    *ast.File
	cfg     *model.Config
	edits   []edit.Edit
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
	add := func(a, b int) { read = append(read, text[a:b]) }
	if sig := f.Entry.Sig; sig != nil {
		add(sig.Pos.Offset, sig.EndPos.Offset)
	}
	for _, d := range []*ast.AttrDict{f.Entry.Props, f.Entry.Attrs} {
		if d != nil {
			add(d.Pos.Offset, d.EndPos.Offset)
		}
	}
	if f.Module != nil && f.Module.Attrs != nil {
		add(f.Module.Attrs.Pos.Offset, f.Module.Attrs.EndPos.Offset)
	}
	for _, m := range []map[string]ast.Span{e.file.TypeAliases, e.file.AttrAliases} {
		for _, span := range m {
			add(span.Pos.Offset, span.End.Offset)
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

// finish is Speculation.Finish for res: it commits the output written
// when res is OK and has exactly the edits the writer applied.
func (sp *speculation) finish(res *Result) bool {
	ok := res != nil && res.OK()
	var edits []edit.Edit
	if ok {
		edits = res.Modules[0].Edits
	}
	return sp.Finish(edits, ok)
}

// matches reports whether the writer, which ended with err, wrote the
// output of res.
func (sp *speculation) matches(res *Result, err error) bool {
	return res != nil && res.OK() && sp.Matches(res.Modules[0].Edits, true, err)
}
