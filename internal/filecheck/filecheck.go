package filecheck

import (
	"bytes"
	"errors"
	"fmt"
	"io"
)

// Options configures a check run. The zero value behaves like FileCheck
// with no options.
type Options struct {
	// CheckPrefixes are the directive prefixes; empty means "CHECK".
	CheckPrefixes []string
	// CommentPrefixes are the comment prefixes; empty means "COM" and "RUN".
	CommentPrefixes []string
	// ImplicitCheckNot patterns are checked between all positive matches.
	ImplicitCheckNot []string
	// Defines are "NAME=VALUE" string variable definitions (-D).
	Defines []string

	StrictWhitespace          bool // --strict-whitespace
	MatchFullLines            bool // --match-full-lines
	IgnoreCase                bool // --ignore-case
	AllowEmpty                bool // --allow-empty
	AllowUnusedPrefixes       bool // --allow-unused-prefixes
	EnableVarScope            bool // --enable-var-scope
	AllowDeprecatedDagOverlap bool // --allow-deprecated-dag-overlap
	Verbose                   bool // -v: also report successful matches

	// CheckFileName and InputFileName name the buffers in diagnostics.
	// They default to "<check>" and "<stdin>".
	CheckFileName string
	InputFileName string
}

// Error is returned by Check when the input does not satisfy the checks
// or the check file or options are invalid.
type Error struct {
	// Code is FileCheck's exit status: 1 for a failed check, 2 for an
	// invalid check file, options or input.
	Code int
	// Diagnostics holds the messages FileCheck prints to stderr.
	Diagnostics string
}

func (e *Error) Error() string {
	if e.Code == 1 {
		return "FileCheck: checks failed:\n" + e.Diagnostics
	}
	return "FileCheck: invalid setup:\n" + e.Diagnostics
}

// Check verifies input against the directives in checkText. It returns nil
// when every check passes and an *Error otherwise.
func Check(checkText, input []byte, opts Options) error {
	var diags bytes.Buffer
	code := run(checkText, input, &opts, &diags)
	if code == 0 {
		return nil
	}
	return &Error{Code: code, Diagnostics: diags.String()}
}

// run performs a complete FileCheck run and returns its exit status.
func run(checkText, input []byte, opts *Options, stderr io.Writer) int {
	if !validatePrefixes(opts, stderr) {
		return 2
	}
	prep, code := prepare(checkText, opts, stderr)
	if prep == nil {
		return code
	}
	name := opts.InputFileName
	if name == "" {
		name = "<stdin>"
	}
	return prep.checkInput(input, name, stderr)
}

// prepared is a parsed check file ready to check inputs.
type prepared struct {
	opts   *Options
	ctx    *context
	checks []checkString
}

// prepare canonicalizes and parses the check file. On error it returns nil
// and the exit status.
func prepare(checkText []byte, opts *Options, stderr io.Writer) (*prepared, int) {
	name := opts.CheckFileName
	switch name {
	case "":
		name = "<check>"
	case "-":
		name = "<stdin>"
	}
	ctx := newContext()
	src := &source{name: name, text: canonicalize(checkText, opts.StrictWhitespace), numbered: true}
	cf, err := readCheckFile(ctx, src, opts, stderr)
	if err != nil {
		return nil, exitCode(err)
	}
	return &prepared{opts: opts, ctx: ctx, checks: cf.checks}, 0
}

// checkInput checks one input and returns the exit status.
func (p *prepared) checkInput(input []byte, name string, stderr io.Writer) int {
	if len(input) == 0 && !p.opts.AllowEmpty {
		fmt.Fprintf(stderr, "FileCheck error: '%s' is empty.\n", name)
		return 2
	}
	in := canonicalize(input, p.opts.StrictWhitespace)
	c := &checker{opts: p.opts, ctx: p.ctx, in: newSubject(in), src: &source{name: name, text: in}, stderr: stderr}
	if !c.run(p.checks) {
		return 1
	}
	return 0
}

func exitCode(err error) int {
	var se *setupError
	if errors.As(err, &se) {
		return se.code
	}
	return 2
}

// canonicalize drops the '\r' of "\r\n" line endings and, unless strict is
// set, folds each run of spaces and tabs into a single space, like
// FileCheck::CanonicalizeFile.
func canonicalize(b []byte, strict bool) string {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c == '\r' && i+1 < len(b) && b[i+1] == '\n' {
			continue
		}
		if strict || (c != ' ' && c != '\t') {
			out = append(out, c)
			continue
		}
		out = append(out, ' ')
		for i+1 < len(b) && (b[i+1] == ' ' || b[i+1] == '\t') {
			i++
		}
	}
	return string(out)
}
