package passes

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Option is a setting a pass declares, written in MLIR's pipeline syntax
// as `pass{name=value other=value}`: a boolean, or with Params a list of
// parameter numbers.
type Option struct {
	// Name is the option's name, lowercase words joined by hyphens.
	Name string
	// Doc is one line (lowercase, no period) that --list-passes prints.
	Doc string
	// Default is the value the option takes when it is not written, as it
	// would be written.
	Default string
	// Params makes the value a list of parameter numbers, `0,2,5`, or the
	// word the Default spells (Options.Params).
	Params bool
}

// check returns an error when value is not one the option takes. A
// boolean option written without a value (`pass{flag}`) is true, as LLVM's
// command-line parser has it.
func (o *Option) check(value string) error {
	if o.Params {
		_, err := parseParams(value, o.Default)
		return err
	}
	if _, ok := parseBool(value); !ok {
		return errors.New("expected true or false")
	}
	return nil
}

// parseParams reads a list of parameter numbers; the word def is nil.
func parseParams(value, def string) ([]int64, error) {
	if value == def {
		return nil, nil
	}
	var nums []int64
	for _, f := range strings.Split(value, ",") {
		n, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("expected %s or parameter numbers such as 0,2", def)
		}
		nums = append(nums, n)
	}
	return nums, nil
}

// parseBool reads a boolean value as llvm::cl::parser<bool> does; the
// empty value is true.
func parseBool(s string) (v, ok bool) {
	switch s {
	case "", "true", "TRUE", "True", "1":
		return true, true
	case "false", "FALSE", "False", "0":
		return false, true
	}
	return false, false
}

// Options are the values of a pass's options for one run: the values
// written in the pipeline, and the defaults for the rest.
type Options struct {
	pass   *Pass
	values map[string]string
}

// Defaults returns the options of p with every value at its default, for
// calling p.Run directly.
func (p *Pass) Defaults() Options { return Options{pass: p} }

// Bool returns the option's value as written or its default. Asking for
// an option the pass does not declare is a programming error and panics.
func (o Options) Bool(name string) bool {
	opt := o.pass.option(name)
	if opt == nil {
		panic(fmt.Sprintf("pass %s has no option %q", o.pass.Name, name))
	}
	v, ok := o.values[name]
	if !ok {
		v = opt.Default
	}
	b, _ := parseBool(v)
	return b
}

// Params returns a Params option's parameter numbers as written, or nil
// when it has its default word.
func (o Options) Params(name string) []int64 {
	opt := o.pass.option(name)
	if opt == nil || !opt.Params {
		panic(fmt.Sprintf("pass %s has no option %q of parameters", o.pass.Name, name))
	}
	v, ok := o.values[name]
	if !ok {
		return nil
	}
	nums, _ := parseParams(v, opt.Default)
	return nums
}

// option returns the declared option called name, or nil.
func (p *Pass) option(name string) *Option {
	for i := range p.Options {
		if p.Options[i].Name == name {
			return &p.Options[i]
		}
	}
	return nil
}

// options checks the values of a step and returns them as the pass sees
// them. An unknown option, a bad value, or any option of a pass that
// declares none is an error that names the pass and its options.
func (s Step) options() (Options, error) {
	p := s.Pass
	// In order, so that the first error is the same on every run.
	for _, name := range slices.Sorted(maps.Keys(s.Options)) {
		value := s.Options[name]
		opt := p.option(name)
		switch {
		case len(p.Options) == 0:
			return Options{}, fmt.Errorf("pass %s takes no options, but %q was given", p.Name, name)
		case opt == nil:
			return Options{}, fmt.Errorf("unknown option %q for pass %s; %s", name, p.Name, p.validOptions())
		}
		if err := opt.check(value); err != nil {
			return Options{}, fmt.Errorf("invalid value %q for option %s of pass %s: %v; %s", value, name, p.Name, err, p.validOptions())
		}
	}
	return Options{pass: p, values: s.Options}, nil
}

// validOptions lists the pass's options: "valid options are
// registered-donors-only=<bool> (default true)".
func (p *Pass) validOptions() string {
	parts := make([]string, len(p.Options))
	for i, o := range p.Options {
		parts[i] = o.usage()
	}
	return "valid options are " + strings.Join(parts, ", ")
}

// usage is the option as --list-passes and errors show it:
// "registered-donors-only=<bool> (default true)", "donated=<params>
// (default marked)".
func (o *Option) usage() string {
	kind := "bool"
	if o.Params {
		kind = "params"
	}
	return fmt.Sprintf("%s=<%s> (default %s)", o.Name, kind, o.Default)
}

// splitTop splits s at each byte of seps outside braces and quotes, and
// reports whether every brace and quote is closed, each brace after its
// opening one.
func splitTop(s, seps string) (parts []string, balanced bool) {
	depth, quote, start, ok := 0, byte(0), 0, true
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '{':
			depth++
		case c == '}':
			depth--
			ok = ok && depth >= 0
		case depth == 0 && strings.IndexByte(seps, c) >= 0:
			parts = append(parts, s[start:i])
			start = i + 1
		}
	}
	return append(parts, s[start:]), ok && depth == 0 && quote == 0
}

// parseStep reads one element of a pipeline: a pass name or alias,
// optionally followed by `{name=value ...}`, spaces around it ignored.
func parseStep(text, list string) (Step, error) {
	text = strings.TrimSpace(text)
	name, opts, braced := strings.Cut(text, "{")
	name = strings.TrimSpace(name)
	p, ok := Lookup(name)
	if !ok {
		what := fmt.Sprintf("unknown pass %q", name)
		if name == "" {
			what = fmt.Sprintf("empty pass name in %q", list)
		}
		return Step{}, fmt.Errorf("%s; valid passes are %s", what, validNames())
	}
	step := Step{Pass: p}
	if !braced {
		return step, nil
	}
	body, ok := strings.CutSuffix(opts, "}")
	fields, closed := splitTop(body, " \t\n\r")
	if !ok || !closed {
		return Step{}, fmt.Errorf("malformed options of pass %s in %q: expected `%s{name=value ...}`", p.Name, list, name)
	}
	step.Options = map[string]string{}
	for _, field := range fields {
		if field == "" {
			continue
		}
		key, value, _ := strings.Cut(field, "=")
		if key == "" {
			return Step{}, fmt.Errorf("malformed option %q of pass %s: expected name=value", field, p.Name)
		}
		if _, dup := step.Options[key]; dup {
			return Step{}, fmt.Errorf("option %s of pass %s is given twice", key, p.Name)
		}
		step.Options[key] = unquote(value)
	}
	if _, err := step.options(); err != nil {
		return Step{}, err
	}
	return step, nil
}

// unquote drops one pair of quotes around a value, as MLIR's pass option
// parser does.
func unquote(v string) string {
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
		return v[1 : len(v)-1]
	}
	return v
}
