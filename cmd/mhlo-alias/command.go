package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/mhlo-alias/mhlo-alias"
	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/remarks"
)

// command runs the library over every input and prints.
type command struct {
	usage *atomic.Bool // set when an input makes the options a usage error
	// differs is set when -d printed a difference or -l listed a file.
	differs *atomic.Bool
	opts    *options
	stdin   io.Reader
	// stdout is out, or a file's buffer when files run at once.
	stdout io.Writer
	stderr io.Writer
	// out is the run's standard output, which keeps its first write
	// error.
	out *stdoutWriter
	// yaml collects the YAML remark records of every input, in order,
	// with --remark-format=yaml.
	yaml *bytes.Buffer
	// walked is set when an input was a directory: the records and
	// labels then name each file.
	walked bool
	// totals sum the accounting of every module, for summary.
	totals *totals
	// report gathers the tables of every module, with --report.
	htmlReport *mhloalias.Report
}

func (c *command) run() int {
	c.usage = new(atomic.Bool)
	c.differs = new(atomic.Bool)
	c.totals = &totals{files: map[string]bool{}}
	c.yaml = &bytes.Buffer{}
	c.out = &stdoutWriter{w: c.stdout}
	c.stdout = c.out
	if c.opts.report != "" {
		c.htmlReport = &mhloalias.Report{}
	}
	files, status := c.expand(c.opts.files)
	if status == 2 {
		return 2
	}
	if len(files) == 0 && len(c.opts.files) == 0 {
		files = []input{{name: "-"}}
	}
	if len(files) > 1 && c.smallOutput() {
		if !c.runConcurrently(files) {
			status = 1
		}
	} else {
		for _, in := range files {
			if !c.file(in) {
				status = 1
			}
		}
	}
	if c.opts.printConfig == "summary" && c.totals.modules > 1 {
		c.writeTotals()
	}
	if c.out.err != nil {
		fmt.Fprintf(c.stderr, "mhlo-alias: %s\n", writeError(c.out.err))
		status = 1
	}
	// The YAML remarks are written only when every input succeeded: a
	// failed run leaves no remarks file of part of the inputs behind.
	if status == 0 {
		if err := c.writeRemarksFile(); err != nil {
			fmt.Fprintf(c.stderr, "mhlo-alias: %v\n", err)
			status = 1
		}
	}
	// The report shows the modules that failed too.
	if c.htmlReport != nil {
		if err := c.htmlReport.WriteFile(c.opts.report); err != nil {
			fmt.Fprintf(c.stderr, "mhlo-alias: %v\n", err)
			status = 1
		}
	}
	return c.exitCode(status)
}

// exitCode maps the run's outcome to the exit status, as diff(1) does
// with -d or -l: 0 nothing differs, 1 something differs, 2 trouble (a
// module that cannot be read, an I/O error, a failed gate). Without them:
// 0 success, 1 an error in a module, 2 usage.
func (c *command) exitCode(status int) int {
	switch {
	case c.usage.Load():
		return 2 // an option that does not apply to an input (HLO text)
	case status != 0 && (c.opts.diff || c.opts.list):
		return 2
	case status != 0:
		return status
	case c.differs.Load():
		return 1
	}
	return 0
}

// writeRemarksFile writes the YAML remarks of every input to
// --remarks-output-file, even when there are none, as mlir-opt does.
func (c *command) writeRemarksFile() error {
	if c.opts.remarkForm != "yaml" {
		return nil
	}
	return mhloalias.WriteFile(c.opts.remarksFile, func(w io.Writer) error {
		_, err := w.Write(c.yaml.Bytes())
		return err
	})
}

// runConcurrently processes files, as many at once as GOMAXPROCS allows;
// each file's output and diagnostics are printed in the files' order, as
// soon as the files before it are done. A file starts only when at most
// twice GOMAXPROCS files before it wait to be printed, so the output
// held back is that of a bounded number of files, whatever their count.
// It reports whether every file succeeded.
func (c *command) runConcurrently(files []input) bool {
	type fileResult struct {
		ok     bool
		stdout bytes.Buffer
		stderr bytes.Buffer
		yaml   bytes.Buffer
		report *mhloalias.Report
		done   chan struct{}
	}
	procs := runtime.GOMAXPROCS(0)
	slots := make(chan struct{}, procs)   // files being processed
	ahead := make(chan struct{}, 2*procs) // files started and not yet printed
	results := make(chan *fileResult, len(files))
	go func() {
		for _, in := range files {
			ahead <- struct{}{}
			r := &fileResult{done: make(chan struct{})}
			results <- r
			go func() {
				defer close(r.done)
				slots <- struct{}{}
				defer func() { <-slots }()
				sub := *c
				sub.stdout = &r.stdout
				sub.stderr = &r.stderr
				sub.yaml = &r.yaml
				if c.htmlReport != nil {
					r.report = &mhloalias.Report{}
					sub.htmlReport = r.report
				}
				r.ok = sub.file(in)
			}()
		}
	}()
	ok := true
	for range files {
		r := <-results
		<-r.done
		c.stdout.Write(r.stdout.Bytes())
		c.stderr.Write(r.stderr.Bytes())
		c.yaml.Write(r.yaml.Bytes())
		c.htmlReport.Append(r.report) // nil without --report
		ok = ok && r.ok
		<-ahead
	}
	return ok
}

// smallOutput reports whether what a file prints is small beside the
// file (a list of names, a config, nothing with -w), so that files can be
// processed at once and their output held back until printed in order.
// A module or a diff is printed as it is written, one file after the
// other: held back, the modules of a directory would all be in memory.
func (c *command) smallOutput() bool {
	return c.opts.write || c.opts.list || c.opts.printConfig != ""
}

// input is one input of the run: a file to read ("-" for standard
// input), or an entry of a walk that could not be read (err) or that was
// skipped (note).
type input struct {
	name string
	err  error
	note string
}

// expand replaces each directory among the inputs by the entries of its
// walk (walkModules: lexical order, the recognized names, an
// entry for each one that could not be read or was skipped). A symbolic
// link named as an argument is followed: the user chose it. The status
// is 2 when -o was given a directory.
func (c *command) expand(args []string) (files []input, status int) {
	for _, name := range args {
		st, err := os.Stat(name)
		if name == "-" || err != nil || !st.IsDir() {
			files = append(files, input{name: name}) // opening it reports the error
			continue
		}
		if c.opts.output != "" {
			fmt.Fprintf(c.stderr, "mhlo-alias: -o takes one input file, not a directory: %s\n", name)
			return nil, 2
		}
		c.walked = true
		listed := false // a module file, or an entry that could not be read
		for _, e := range walkModules(name) {
			files = append(files, input{name: e.Path, err: e.Err, note: e.Skipped})
			listed = listed || e.Skipped == ""
		}
		if !listed {
			fmt.Fprintf(c.stderr, "mhlo-alias: warning: %s holds no module file (*.mlir, *.hlo, *.pb, HLO *.txt)\n", name)
		}
	}
	return files, 0
}

// totals are the accounting of every module of the run, for the totals
// that end --print-config=summary when there is more than one module.
type totals struct {
	mu      sync.Mutex
	modules int // read, failed ones too
	failed  int
	files   map[string]bool
	spaces  []model.SpaceMemory
}

// add counts the modules of one result.
func (t *totals) add(res *mhloalias.Result) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.files[res.Name] = true
	for _, m := range res.Modules {
		t.modules++
		if !m.OK {
			t.failed++
			continue
		}
		t.spaces = model.AddSpaces(t.spaces, model.MemoryBySpace(m.Config))
	}
}

// writeTotals prints the totals over all modules after the last one's
// summary, as one more labelled block.
func (c *command) writeTotals() {
	t := c.totals
	fmt.Fprintf(c.stdout, "// -----\n// total: %d modules in %d files, %d failed\n%s", t.modules, len(t.files), t.failed, model.SpacesSummary(t.spaces))
}

// file processes one input and writes its output; it reports whether it
// succeeded. An entry of a walk that was skipped prints its note; one
// that could not be read fails as a file that cannot be opened does.
func (c *command) file(in input) bool {
	name := in.name
	if in.note != "" {
		fmt.Fprintf(c.stderr, "mhlo-alias: note: %s: %s\n", name, in.note)
		return true
	}
	var res *mhloalias.Result
	var written bool
	err := in.err
	if err == nil {
		res, written, err = c.process(name)
	}
	var usage *mhloalias.UsageError
	isUsage := errors.As(err, &usage)
	switch {
	case c.htmlReport == nil:
	case res != nil:
		c.htmlReport.Add(res)
	case err != nil && !isUsage: // a usage error adds nothing
		c.htmlReport.AddError(displayName(name), err)
	}
	if res != nil {
		defer res.Close()
		if err := c.remarks(res); err != nil {
			fmt.Fprintf(c.stderr, "mhlo-alias: %v\n", err)
		}
		var window []byte // one buffer for every quoted line of the file
		for _, m := range res.Modules {
			c.report(m.Diagnostics, func(b *bytes.Buffer, pos ast.Pos) { quoteSource(b, res, m, pos, &window) })
		}
	}
	if err != nil {
		if isUsage {
			c.usage.Store(true)
		}
		fmt.Fprintf(c.stderr, "mhlo-alias: %v\n", err)
		if c.opts.printConfig == "json" && res == nil && !c.usage.Load() {
			fmt.Fprint(c.stdout, mhloalias.FailureJSON(displayName(name), err, c.jsonOptions()))
		}
		return false
	}
	if !res.OK() && (c.opts.write || c.opts.output != "") {
		// A failed run writes nothing in place and no output file; the
		// modules that succeeded still go to stdout, as mlir-opt does.
		return false
	}
	if c.opts.list && res.OK() && res.Changed() {
		// gofmt -l: the name of each input whose output differs; with
		// -w, each file rewritten.
		fmt.Fprintln(c.stdout, res.Name)
		c.differs.Store(true)
	}
	if !written && (!c.opts.list || c.opts.write) {
		if err := c.output(res); err != nil {
			if c.stdout != io.Writer(c.out) || !c.out.failed(err) {
				fmt.Fprintf(c.stderr, "mhlo-alias: %v\n", err)
			}
			return false
		}
	}
	return res.OK()
}

// process reads one input. A file rewritten in place or to -o's file is
// written as it is read (written is then true).
func (c *command) process(name string) (res *mhloalias.Result, written bool, err error) {
	o := c.opts
	out := o.output // the file written as the input is read, or ""
	if o.write {
		out = name
	} else if o.diff || o.printConfig != "" {
		out = ""
	}
	switch {
	case name == "-" && out != "":
		res, err = mhloalias.ProcessReaderTo("<stdin>", c.stdin, out, o.lib)
	case name == "-":
		res, err = mhloalias.ProcessReader("<stdin>", c.stdin, o.lib)
	case out != "":
		res, err = mhloalias.ProcessFileTo(name, out, o.lib)
	default:
		res, err = mhloalias.ProcessFile(name, o.lib)
	}
	return res, out != "", err
}

// output writes a result where the flags say: in place, to -o's file
// (atomically), or to stdout.
func (c *command) output(res *mhloalias.Result) error {
	switch o := c.opts; {
	case o.write:
		return res.WriteInPlace()
	case o.output != "":
		return mhloalias.WriteFile(o.output, func(w io.Writer) error { return c.render(w, res) })
	case c.stdout == io.Writer(c.out):
		// Standard output itself: a file is written as itself, so that
		// the large unchanged ranges of a module go to it file to file.
		return c.render(c.out.direct(), res)
	}
	return c.render(c.stdout, res)
}

// render writes a diff, the configs, or the module text.
func (c *command) render(w io.Writer, res *mhloalias.Result) error {
	switch {
	case c.opts.diff:
		cw := &countingWriter{w: w}
		err := res.WriteDiff(cw, mhloalias.DiffOptions{Color: c.color()})
		if cw.n > 0 {
			c.differs.Store(true)
		}
		return err
	case c.opts.printConfig != "":
		return c.configs(w, res)
	}
	_, err := res.WriteTo(w)
	return err
}

// remarks prints a result's remarks: emitRemark lines on stderr, or YAML
// records into the remarks file's buffer. With --verify-diagnostics the
// emitRemark lines are not printed: the annotations consumed them.
func (c *command) remarks(res *mhloalias.Result) error {
	switch {
	case c.opts.remarkForm == "yaml":
		return res.WriteRemarksYAML(c.yaml)
	case c.opts.lib.VerifyDiagnostics:
		return nil
	}
	// Streamed, not gathered first: each emitRemark line repeats its
	// source line, as mlir-opt's do, and a signature on one line of
	// megabytes with thousands of remarks makes gigabytes of text.
	return res.WriteRemarks(c.stderr)
}

// configs prints the config of every module that succeeded, or with json
// a record of every module (Result.WriteJSON); with several files or
// --split-input-file each record has "file" and "chunk". The other forms
// are joined by "// -----" lines and, when there is more than one
// module, each is labelled "// FILE" or "// FILE chunk N".
func (c *command) configs(w io.Writer, res *mhloalias.Result) error {
	if c.opts.printConfig == "json" {
		// A record for every module, failed ones too.
		return res.WriteJSON(w, c.jsonOptions())
	}
	if c.opts.printConfig == "summary" {
		c.totals.add(res)
	}
	var b bytes.Buffer
	label := c.many() || len(res.Modules) > 1
	for _, m := range res.Modules {
		if !m.OK {
			continue
		}
		if b.Len() > 0 {
			b.WriteString("// -----\n")
		}
		if label {
			b.WriteString("// " + res.Name)
			if c.opts.lib.SplitInputFile {
				fmt.Fprintf(&b, " chunk %d", m.Chunk)
			}
			b.WriteByte('\n')
		}
		text, err := m.FormatConfig(c.opts.printConfig)
		if err != nil {
			return err
		}
		b.WriteString(text)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// jsonOptions say how --print-config=json writes records: with "file"
// and "chunk" when there are several files or --split-input-file.
func (c *command) jsonOptions() mhloalias.JSONOptions {
	return mhloalias.JSONOptions{File: c.many() || c.opts.lib.SplitInputFile, ErrorLimit: c.opts.errorLimit}
}

// many reports whether the run reads several files: more than one
// argument, or a directory.
func (c *command) many() bool { return len(c.opts.files) > 1 || c.walked }

// report prints one module's diagnostics to stderr, each followed by what
// quote writes for its position: its source line and a caret. After
// --error-limit errors (0: no limit) the rest are not printed, warnings
// and notes included, and one line counts the errors left out.
func (c *command) report(diags ast.ErrorList, quote func(b *bytes.Buffer, pos ast.Pos)) {
	var b bytes.Buffer
	errs, hidden := 0, 0
	for _, d := range diags {
		if d.Severity == ast.SevError {
			errs++
		}
		if limit := c.opts.errorLimit; limit > 0 && errs > limit {
			if d.Severity == ast.SevError {
				hidden++
			}
			continue
		}
		b.WriteString(d.Error())
		b.WriteByte('\n')
		quote(&b, d.Pos)
		if b.Len() >= 64<<10 { // written in pieces: thousands of warnings are megabytes
			c.stderr.Write(b.Bytes())
			b.Reset()
		}
	}
	if hidden > 0 {
		fmt.Fprintf(&b, "%d more errors not shown\n", hidden)
	}
	c.stderr.Write(b.Bytes())
}

// quoteSource writes the line of module m's text that holds pos, a
// position in it, and a caret under its column, as
// remarks.WriteSourceLine does with remarks.SourceWidth: it reads only the bytes
// that needs around pos (Result.ReadAt), not the whole module, and
// writes nothing when the input no longer holds them (a file that
// changed, a stream whose text was not kept). The bytes are read into
// *window, reused from one call to the next.
func quoteSource(b *bytes.Buffer, res *mhloalias.Result, m *mhloalias.Module, pos ast.Pos, window *[]byte) {
	off, n := pos.Offset, m.End-m.Start
	if !pos.IsValid() || off < 0 || off > n {
		return
	}
	reach := remarks.SourceReach(remarks.SourceWidth) + 1
	lo, hi := max(0, off-reach), min(n, off+reach)
	if cap(*window) < hi-lo {
		*window = make([]byte, 2*reach)
	}
	text := (*window)[:hi-lo]
	if len(text) > 0 {
		if _, err := res.ReadAt(text, int64(m.Start+lo)); err != nil {
			return
		}
	}
	pos.Offset -= lo
	remarks.WriteSourceLine(b, pos, text, remarks.SourceWidth)
}

// color reports whether --diff output is colored: on a terminal or with
// FORCE_COLOR, and never with NO_COLOR.
func (c *command) color() bool {
	if os.Getenv("NO_COLOR") != "" {
		return false
	}
	if os.Getenv("FORCE_COLOR") != "" {
		return true
	}
	f, ok := c.out.w.(*os.File)
	if !ok || c.opts.output != "" {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// countingWriter counts the bytes written through it.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// displayName is an input's name as diagnostics give it.
func displayName(name string) string {
	if name == "-" {
		return "<stdin>"
	}
	return name
}

// stdoutWriter is the run's standard output. It keeps the first error a
// write to it returned, and fails every write after it at once; the run
// reports the error once, at its end (writeError), and exits 1. Only the
// goroutine that prints writes to it.
type stdoutWriter struct {
	w   io.Writer
	err error
}

func (s *stdoutWriter) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(p)
	if err != nil {
		s.err = err
	}
	return n, err
}

// direct returns the writer that a result is rendered to: standard
// output's file itself, so that the kernel copies ranges of the input to
// it; s when standard output is not a file. An error of a write to the
// file is s's through failed.
func (s *stdoutWriter) direct() io.Writer {
	if _, ok := s.w.(*os.File); ok && s.err == nil {
		return s.w
	}
	return s
}

// failed reports whether err, returned by a render to direct(), is a
// failed write to standard output, which it then keeps as s's error.
func (s *stdoutWriter) failed(err error) bool {
	if s.err != nil && errors.Is(err, s.err) {
		return true
	}
	var pe *fs.PathError
	if f, ok := s.w.(*os.File); ok && errors.As(err, &pe) && pe.Op == "write" && pe.Path == f.Name() {
		if s.err == nil {
			s.err = err
		}
		return true
	}
	return false
}

// writeError is the message of a failed write to standard output,
// without the device's name (/dev/stdout) that the error repeats.
func writeError(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Op == "write" {
		err = pe.Err
	}
	return "writing standard output: " + err.Error()
}
