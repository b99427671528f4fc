package passes

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// All is every pass, in the compiler's registry order.
var All = []*Pass{
	RemoveAliases,
	AddMustAliases,
	AddMayAliases,
	FlipMustAliases,
	FlipMayAliases,
	AliasToMustAlias,
	BufferDonationToAlias,
}

// Lookup returns the pass with the given registry name or short alias.
func Lookup(name string) (*Pass, bool) {
	for _, p := range All {
		if name == p.Name || (p.Alias != "" && name == p.Alias) {
			return p, true
		}
	}
	return nil, false
}

// Parse reads a --passes value: pass names or aliases separated by commas,
// spaces around a name ignored. The empty string is the empty pipeline; an
// empty name between commas is an error, as is an unknown name, whose
// message lists the valid names.
func Parse(list string) (Pipeline, error) {
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	var pipeline Pipeline
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		p, ok := Lookup(name)
		if !ok {
			what := fmt.Sprintf("unknown pass %q", name)
			if name == "" {
				what = fmt.Sprintf("empty pass name in %q", list)
			}
			return nil, fmt.Errorf("%s; valid passes are %s", what, validNames())
		}
		pipeline = append(pipeline, Step{Pass: p})
	}
	return pipeline, nil
}

// validNames lists every name in registry order, each alias in
// parentheses after its name.
func validNames() string {
	names := make([]string, len(All))
	for i, p := range All {
		names[i] = p.Name
		if p.Alias != "" {
			names[i] += " (" + p.Alias + ")"
		}
	}
	return strings.Join(names, ", ")
}

// Step is one pass of a pipeline, with the values of its options.
type Step struct {
	Pass *Pass
	// Options maps an option's name to its value as written; options not
	// written are absent and take their defaults.
	Options map[string]string
}

// Pipeline is a parsed --passes value: the steps to run, in order.
type Pipeline []Step

// Of returns the pipeline that runs each of ps once, with default options.
func Of(ps ...*Pass) Pipeline {
	pl := make(Pipeline, len(ps))
	for i, p := range ps {
		pl[i] = Step{Pass: p}
	}
	return pl
}

// RunOptions say how Run runs a pipeline. The zero value verifies
// nothing between passes and reports no remarks.
type RunOptions struct {
	// VerifyEach runs model.Verify after every pass.
	VerifyEach bool
	// Remark, if set, receives the remarks the passes make; nil means
	// remarks are off and cost nothing.
	Remark func(ast.Remark)
}

// Run runs pipeline over c in order. With o.VerifyEach, model.Verify checks c
// after every pass. Every error is an ast.ErrorList: a pass's own
// diagnostic as it is, a failed verification with each message prefixed
// "after pass NAME: ", anything else at the entry function's position
// prefixed "pass NAME: ". Run stops at the first error.
func Run(c *model.Config, pipeline Pipeline, o RunOptions) error {
	for _, step := range pipeline {
		p := step.Pass
		if _, err := p.Run(c); err != nil {
			return passError(c, p, err)
		}
		if !o.VerifyEach {
			continue
		}
		if errs := model.Verify(c); errs.HasErrors() {
			out := make(ast.ErrorList, len(errs))
			for i, e := range errs {
				copied := *e
				copied.Msg = "after pass " + p.Name + ": " + e.Msg
				out[i] = &copied
			}
			return out
		}
	}
	return nil
}

// passError turns the error a pass returned into an ast.ErrorList.
func passError(c *model.Config, p *Pass, err error) ast.ErrorList {
	switch e := err.(type) {
	case ast.ErrorList:
		return e
	case *ast.Error:
		return ast.ErrorList{e}
	}
	return ast.ErrorList{ast.Errorf(c.Source.Func, "pass %s: %v", p.Name, err)}
}

// WriteList writes the --list-passes text: one line per pass in registry
// order with its name, its alias (or nothing) and its title, in columns.
func WriteList(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	for _, p := range All {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", p.Name, p.Alias, p.Title())
	}
	return tw.Flush()
}
