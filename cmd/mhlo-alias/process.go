package main

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/lower"
	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/parser"
	"github.com/mhlo-alias/mhlo-alias/passes"
)

// command runs the pipeline over every input.
type command struct {
	opts   *options
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

func (c *command) run() int {
	files := c.opts.files
	if len(files) == 0 {
		files = []string{"-"}
	}
	status := 0
	for _, name := range files {
		if !c.file(name) {
			status = 1
		}
	}
	return status
}

// file processes one input and reports whether it succeeded.
func (c *command) file(name string) bool {
	src, display, err := c.read(name)
	if err != nil {
		fmt.Fprintf(c.stderr, "mhlo-alias: %v\n", err)
		return false
	}
	out, diags := c.process(display, src)
	c.report(diags)
	if diags.HasErrors() {
		return false
	}
	if _, err := c.stdout.Write(out); err != nil {
		fmt.Fprintf(c.stderr, "mhlo-alias: %v\n", err)
		return false
	}
	return true
}

// read returns the input's bytes and the name diagnostics use for it.
func (c *command) read(name string) ([]byte, string, error) {
	if name == "-" {
		b, err := io.ReadAll(c.stdin)
		return b, "<stdin>", err
	}
	b, err := os.ReadFile(name)
	return b, name, err
}

// process runs the pipeline on one module and returns what to print.
func (c *command) process(name string, src []byte) ([]byte, ast.ErrorList) {
	o := c.opts
	file, err := parser.ParseFile(name, src, parser.Options{Entry: o.entry})
	if err != nil {
		return nil, asList(err)
	}
	cfg, diags := lower.Lower(file, src, lower.Options{UseTupleArgs: o.useTupleArgs, ReturnTuple: o.returnTuple})
	if diags.HasErrors() {
		return nil, diags
	}
	if err := passes.Run(cfg, o.pipeline, o.verifyEach); err != nil {
		return nil, append(diags, asList(err)...)
	}
	if errs := model.Verify(cfg); errs.HasErrors() {
		return nil, append(diags, errs...)
	}
	if o.printConfig != "" {
		return []byte(configText(cfg, o.printConfig)), diags
	}
	if len(o.pipeline) == 0 && o.emit == "" {
		return src, diags
	}
	return nil, append(diags, ast.Errorf(file.Entry.Pos, "writing a rewritten module is not available yet; use --print-config"))
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
