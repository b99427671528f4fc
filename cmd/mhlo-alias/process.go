package main

import (
	"bytes"
	"fmt"
	"io"
	"runtime"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/lower"
	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/parser"
	"github.com/mhlo-alias/mhlo-alias/passes"
	"github.com/mhlo-alias/mhlo-alias/printer"
)

// command runs the pipeline over every input.
type command struct {
	opts   *options
	emit   printer.Emit
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

func (c *command) run() int {
	files := c.opts.files
	if len(files) == 0 {
		files = []string{"-"}
	}
	if c.opts.write && len(files) > 1 {
		return c.runConcurrently(files)
	}
	status := 0
	for _, name := range files {
		if !c.file(name) {
			status = 1
		}
	}
	return status
}

// runConcurrently rewrites files in place, as many at once as GOMAXPROCS
// allows; each file's diagnostics are printed in argument order, as soon
// as the files before it are done.
func (c *command) runConcurrently(files []string) int {
	type fileResult struct {
		ok     bool
		stderr bytes.Buffer
		done   chan struct{}
	}
	results := make([]*fileResult, len(files))
	slots := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, name := range files {
		r := &fileResult{done: make(chan struct{})}
		results[i] = r
		go func() {
			defer close(r.done)
			slots <- struct{}{}
			defer func() { <-slots }()
			sub := *c
			sub.stderr = &r.stderr
			r.ok = sub.file(name)
		}()
	}
	status := 0
	for _, r := range results {
		<-r.done
		c.stderr.Write(r.stderr.Bytes())
		if !r.ok {
			status = 1
		}
	}
	return status
}

// file processes one input and writes its output; it reports whether it
// succeeded.
func (c *command) file(name string) bool {
	in, err := openInput(name, c.stdin)
	if err != nil {
		fmt.Fprintf(c.stderr, "mhlo-alias: %v\n", err)
		return false
	}
	defer in.Close()
	res := c.process(in)
	if !res.ok {
		// A failed run writes nothing in place and no output file; the
		// chunks that succeeded still go to stdout, as mlir-opt does.
		if c.opts.write || c.opts.output != "" {
			return false
		}
	}
	if err := c.output(in, res); err != nil {
		fmt.Fprintf(c.stderr, "mhlo-alias: %v\n", err)
		return false
	}
	return res.ok
}

// result is what processing one input produced.
type result struct {
	src    []byte
	chunks []chunkResult
	ok     bool // every chunk succeeded (with --verify-diagnostics: as annotated)
}

// chunkResult is the outcome of one module (one --split-input-file chunk).
type chunkResult struct {
	start, end int            // the chunk's bytes in src
	edits      []printer.Edit // offsets in src
	config     string         // --print-config text
	ok         bool           // the chunk was processed; it has output
}

// process runs the pipeline on every chunk of the input.
func (c *command) process(in *input) *result {
	name, src := in.display, in.data
	res := &result{src: src, ok: true}
	for _, ch := range splitChunks(src, c.opts.split) {
		var release func(int)
		if in.release != nil {
			start := ch.start
			release = func(off int) { in.release(start + off) }
		}
		cr, diags := c.module(name, src[ch.start:ch.end], ch.line-1, release)
		cr.ok = !diags.HasErrors()
		cr.start, cr.end = ch.start, ch.end
		for i := range cr.edits {
			cr.edits[i].Start += ch.start
			cr.edits[i].End += ch.start
		}
		passed := cr.ok
		if c.opts.verifyDiags {
			// The verdict is the annotations'; a chunk that failed as
			// expected still prints nothing.
			expected, perr := parseExpectations(name, src[ch.start:ch.end], ch.line-1)
			diags = append(perr, verifyDiagnostics(expected, diags)...)
			diags.Sort()
			passed = !diags.HasErrors()
		}
		c.report(diags)
		res.ok = res.ok && passed
		res.chunks = append(res.chunks, cr)
	}
	return res
}

// module runs the pipeline on one module; lineOffset is the number of
// lines before it in the file, release drops pages the scan has passed.
func (c *command) module(name string, src []byte, lineOffset int, release func(int)) (chunkResult, ast.ErrorList) {
	o := c.opts
	file, err := parser.ParseFile(name, src, parser.Options{Entry: o.entry, LineOffset: lineOffset, Release: release})
	if err != nil {
		return chunkResult{}, asList(err)
	}
	cfg, diags := lower.Lower(file, src, lower.Options{UseTupleArgs: o.useTupleArgs, ReturnTuple: o.returnTuple})
	if diags.HasErrors() {
		return chunkResult{}, diags
	}
	if err := passes.Run(cfg, o.pipeline, passes.RunOptions{VerifyEach: o.verifyEach}); err != nil {
		return chunkResult{}, append(diags, asList(err)...)
	}
	if errs := model.Verify(cfg); errs.HasErrors() {
		return chunkResult{}, append(diags, errs...)
	}
	if o.printConfig != "" {
		return chunkResult{config: configText(cfg, o.printConfig), ok: true}, diags
	}
	if len(o.pipeline) == 0 && o.emit == "" {
		return chunkResult{ok: true}, diags
	}
	edits, err := printer.Edits(file, src, cfg, c.emit)
	if err != nil {
		return chunkResult{}, append(diags, asList(err)...)
	}
	return chunkResult{edits: edits, ok: true}, diags
}

// configText prints the config in the --print-config form.
func configText(cfg *model.Config, form string) string {
	switch form {
	case "short":
		return cfg.ShortString()
	case "json":
		return cfg.JSON()
	}
	return cfg.LongString()
}

// report prints diagnostics to stderr, one per line.
func (c *command) report(diags ast.ErrorList) {
	var b bytes.Buffer
	for _, d := range diags {
		b.WriteString(d.Error())
		b.WriteByte('\n')
	}
	c.stderr.Write(b.Bytes())
}

// asList turns any error into diagnostics.
func asList(err error) ast.ErrorList {
	switch e := err.(type) {
	case ast.ErrorList:
		return e
	case *ast.Error:
		return ast.ErrorList{e}
	}
	return ast.ErrorList{&ast.Error{Msg: err.Error()}}
}
