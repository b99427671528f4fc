package passes

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// All is every pass: the Neuron compiler's, in its registry order, then
// XLA's own donation pass, then JAX's pairing.
var All = []*Pass{
	RemoveAliases,
	AddMustAliases,
	AddMayAliases,
	FlipMustAliases,
	FlipMayAliases,
	AliasToMustAlias,
	BufferDonationToAlias,
	OptimizeInputOutputBufferAlias,
	JAXDonation,
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

// Parse reads a --passes value in MLIR's pipeline syntax: pass names or
// aliases separated by commas, each optionally followed by its options in
// braces, separated by spaces: `optimize_input_output_buffer_alias{registered-donors-only=false},flip-may-aliases`.
// Spaces around a name are ignored and a comma inside braces does not
// separate passes. The empty string is the empty pipeline. An empty name
// between commas or an unknown name is an error whose message lists the
// valid names; an unknown option, a bad value, or an option of a pass that
// has none is an error that names the pass and its options.
func Parse(list string) (Pipeline, error) {
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	var pipeline Pipeline
	texts, _ := splitTop(list, ",")
	for _, text := range texts {
		step, err := parseStep(text, list)
		if err != nil {
			return nil, err
		}
		pipeline = append(pipeline, step)
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
	// UnusedDonors, if set, receives after the run one UnusedDonor for
	// each donor still registered, in the donors' order: why it is
	// unused (see UnusedDonors).
	UnusedDonors *[]UnusedDonor
}

// Run runs pipeline over c in order. With o.VerifyEach, model.Verify checks c
// after every pass. Every error is an ast.ErrorList: a pass's own
// diagnostic as it is, a failed verification with each message prefixed
// "after pass NAME: ", anything else (options that Parse would have
// refused, too) at the entry function's position prefixed "pass NAME: ".
// Run stops at the first error.
//
// With o.Remark set, each pass's Passed remarks (from comparing the config
// before and after it) and Missed remarks (from its explainer) follow the
// pass, and one Analysis remark with the memory accounting follows the
// last pass; a pass that fails makes one Failure remark per error instead.
func Run(c *model.Config, pipeline Pipeline, o RunOptions) error {
	var explained []UnusedDonor // by the last donation pass
	for _, step := range pipeline {
		p := step.Pass
		opts, err := step.options()
		if err != nil {
			return passError(c, p, err)
		}
		donation := isDonation(p) && o.UnusedDonors != nil
		var before *model.Config
		if o.Remark != nil || donation {
			before = c.Clone()
		}
		if _, err := p.Run(c, opts); err != nil {
			errs := passError(c, p, err)
			if o.Remark != nil {
				reportFailure(p, errs, o.Remark)
			}
			return errs
		}
		if o.Remark != nil {
			explain(p, opts, pipeline, before, c, o.Remark)
		}
		if donation {
			explained = explainUnused(p, opts, pipeline, before, c)
		}
		if o.VerifyEach {
			if errs := model.Verify(c); errs.HasErrors() {
				return prefixed(errs, "after pass "+p.Name+": ")
			}
		}
	}
	if o.Remark != nil {
		reportMemory(c, pipeline, o.Remark)
	}
	if o.UnusedDonors != nil {
		*o.UnusedDonors = UnusedDonors(c, pipeline, explained)
	}
	return nil
}

// VerifyAfter verifies c after pipeline ran over it without verification
// between its passes (RunOptions.VerifyEach unset). Any pass of the
// pipeline may have made what fails, so each message is prefixed with
// them all: "after pass NAME: " for one, "after passes A, B: " for more.
// An empty pipeline prefixes nothing.
func VerifyAfter(c *model.Config, pipeline Pipeline) ast.ErrorList {
	errs := model.Verify(c)
	if !errs.HasErrors() || len(pipeline) == 0 {
		return errs
	}
	names := make([]string, len(pipeline))
	for i, s := range pipeline {
		names[i] = s.Pass.Name
	}
	prefix := "after pass "
	if len(names) > 1 {
		prefix = "after passes "
	}
	return prefixed(errs, prefix+strings.Join(names, ", ")+": ")
}

// prefixed returns copies of errs with prefix before each message.
func prefixed(errs ast.ErrorList, prefix string) ast.ErrorList {
	out := make(ast.ErrorList, len(errs))
	for i, e := range errs {
		copied := *e
		copied.Msg = prefix + e.Msg
		out[i] = &copied
	}
	return out
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
// order with its name, its alias (or nothing) and its title, in columns;
// under a pass, one line per option in the title's column, indented:
// "  registered-donors-only=<bool> (default true): only ...".
func WriteList(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	for _, p := range All {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", p.Name, p.Alias, p.Title())
		for _, o := range p.Options {
			fmt.Fprintf(tw, "\t\t  %s: %s\n", o.usage(), o.Doc)
		}
	}
	return tw.Flush()
}
