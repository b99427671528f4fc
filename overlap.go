package mhloalias

import (
	"os"
	"path/filepath"
	"slices"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/hlo"
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
// For a large file the output is written while the scan goes on: as soon
// as the scan has read the module's attributes and the entry function's
// signature, every edit is known, and the kernel copies the text around
// them into the output while the rest of the file is scanned and checked.
// When the scan ends, the result is compared with what was written; only
// an identical one is renamed into place, otherwise the output is written
// again from the result. So the output is always the result's, and a file
// to file run costs little more than a copy.
func ProcessFileTo(path, out string, o Options) (*Result, error) {
	s, err := o.resolve()
	if err != nil {
		return nil, err
	}
	in, err := openFile(path)
	if err != nil {
		return nil, err
	}
	if err := s.checkInput(in); err != nil {
		in.Close()
		return nil, err
	}
	inPlace := sameFile(path, out)
	sp := newSpeculation(in, s, out, inPlace)
	res := s.process(in, sp)
	if sp != nil && sp.finish(res) {
		res.overlapped = true
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
// the early parse gave.
type speculation struct {
	in      *input
	s       *settings
	target  string // the file renamed over, symbolic links resolved
	inPlace bool
	file    *atomicFile
	edits   []printer.Edit
	done    chan error // the writer's result; nil until started
}

// newSpeculation returns a speculation for writing in to out, or nil when
// the input is too small, not a file, split into chunks, or out is not a
// regular file.
func newSpeculation(in *input, s *settings, out string, inPlace bool) *speculation {
	if len(in.data) < overlapMin || in.file == nil || s.SplitInputFile || s.VerifyDiagnostics {
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
	return &speculation{in: in, s: s, target: target, inPlace: inPlace}
}

// mlirHook is parser.Options.Early: it runs the pipeline on the file as
// read so far and, when that succeeds, starts writing the output. Nil when
// sp is.
func (sp *speculation) mlirHook() func(*ast.File) {
	if sp == nil {
		return nil
	}
	return func(f *ast.File) {
		_, edits, diags := sp.s.rewrite(f, sp.in.data)
		sp.start(edits, diags)
	}
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
		if diags = sp.s.runPasses(cfg, nil); diags.HasErrors() {
			return
		}
		edits, err := hlo.Edits(f, sp.in.data, cfg)
		if err != nil {
			return
		}
		sp.start(edits, diags)
	}
}

// start begins writing the output with edits, unless the early pipeline
// failed or, in place, changes nothing.
func (sp *speculation) start(edits []printer.Edit, diags ast.ErrorList) {
	if diags.HasErrors() || (sp.inPlace && len(edits) == 0) {
		return
	}
	file, err := createAtomic(sp.target)
	if err != nil {
		return
	}
	sp.file, sp.edits, sp.done = file, edits, make(chan error, 1)
	go func() { sp.done <- sp.in.copyEdited(file.tmp, 0, len(sp.in.data), edits) }()
}

// finish waits for the writer and commits its output when res is OK and
// has exactly the edits it wrote; it reports whether it did. Otherwise the
// output is removed.
func (sp *speculation) finish(res *Result) bool {
	if sp.done == nil {
		return false
	}
	err := <-sp.done
	m := res.Modules[0]
	if err != nil || !res.OK() || !slices.Equal(m.Edits, sp.edits) {
		sp.file.abort()
		return false
	}
	return sp.file.commit(sp.inPlace) == nil
}
