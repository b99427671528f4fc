package passes

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// TestRegistry validates All as x/tools' analysis.Validate does analyzers.
func TestRegistry(t *testing.T) {
	wantOrder := []string{
		"remove-aliases", "add-must-aliases", "add-may-aliases",
		"flip-must-aliases", "flip-may-aliases",
		"aws_neuron_alias_to_must_alias", "aws_neuron_buffer_donation_to_alias",
		"optimize_input_output_buffer_alias", "jax-donation",
	}
	wellFormed := regexp.MustCompile(`^[a-z][a-z0-9_]*(-[a-z0-9_]+)*$`)
	seen := map[string]bool{}
	if len(All) != len(wantOrder) {
		t.Fatalf("All has %d passes, want %d", len(All), len(wantOrder))
	}
	for i, p := range All {
		if p.Name != wantOrder[i] {
			t.Errorf("All[%d] = %s, want %s (the compiler's registry order)", i, p.Name, wantOrder[i])
		}
		names := []string{p.Name}
		if p.Alias != "" {
			names = append(names, p.Alias)
		}
		for _, name := range names {
			if !wellFormed.MatchString(name) {
				t.Errorf("malformed name %q", name)
			}
			if seen[name] {
				t.Errorf("name %q used twice", name)
			}
			seen[name] = true
			if got, ok := Lookup(name); !ok || got != p {
				t.Errorf("Lookup(%q) = %v, %v; want %s", name, got, ok, p.Name)
			}
		}
		if p.Run == nil {
			t.Errorf("%s: Run is nil", p.Name)
		}
		checkDoc(t, p)
		for _, o := range p.Options {
			if !regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`).MatchString(o.Name) || o.Doc == "" || o.check(o.Default) != nil {
				t.Errorf("%s: option %+v needs a hyphenated name, a doc and a valid default", p.Name, o)
			}
		}
	}
	for _, bad := range []string{"", "flip", "Remove-Aliases", " remove-aliases"} {
		if p, ok := Lookup(bad); ok {
			t.Errorf("Lookup(%q) = %s, want none", bad, p.Name)
		}
	}
}

// checkDoc wants a title line (lowercase, no period, under 60 characters),
// a blank line, and prose.
func checkDoc(t *testing.T, p *Pass) {
	t.Helper()
	title, rest, ok := strings.Cut(p.Doc, "\n\n")
	switch {
	case !ok || strings.TrimSpace(rest) == "":
		t.Errorf("%s: doc needs a title line, a blank line and prose", p.Name)
	case title != p.Title() || title == "" || strings.Contains(title, "\n"):
		t.Errorf("%s: title %q is not one line", p.Name, title)
	case len(title) >= 60:
		t.Errorf("%s: title %q is %d characters long", p.Name, title, len(title))
	case strings.HasSuffix(title, "."), unicode.IsUpper([]rune(title)[0]):
		t.Errorf("%s: title %q must be lowercase without a period", p.Name, title)
	case !strings.Contains(rest, "Reports a change"):
		t.Errorf("%s: doc does not say when the pass reports a change", p.Name)
	}
}

func TestParse(t *testing.T) {
	got, err := Parse("remove-aliases, alias-to-must-alias,buffer-donation-to-alias,flip-may-aliases")
	if err != nil {
		t.Fatal(err)
	}
	want := []*Pass{RemoveAliases, AliasToMustAlias, BufferDonationToAlias, FlipMayAliases}
	if len(got) != len(want) {
		t.Fatalf("Parse = %v, want %v", got, want)
	}
	for i := range got {
		if got[i].Pass != want[i] {
			t.Errorf("Parse[%d] = %s, want %s", i, got[i].Pass.Name, want[i].Name)
		}
	}
	if got, err := Parse(" "); err != nil || got != nil {
		t.Errorf("Parse of an empty list = %v, %v; want the empty pipeline", got, err)
	}
	valid := "valid passes are remove-aliases, add-must-aliases, add-may-aliases, flip-must-aliases, flip-may-aliases, " +
		"aws_neuron_alias_to_must_alias (alias-to-must-alias), aws_neuron_buffer_donation_to_alias (buffer-donation-to-alias), " +
		"optimize_input_output_buffer_alias (xla-buffer-donation), jax-donation"
	for list, msg := range map[string]string{
		"remove-aliases,flip-aliases":      `unknown pass "flip-aliases"; ` + valid,
		"remove-aliases,,flip-may-aliases": `empty pass name in "remove-aliases,,flip-may-aliases"; ` + valid,
		"add-must-aliases,":                `empty pass name in "add-must-aliases,"; ` + valid,
	} {
		if _, err := Parse(list); err == nil || err.Error() != msg {
			t.Errorf("Parse(%q) error:\n got %v\nwant %s", list, err, msg)
		}
	}
}

func TestWriteList(t *testing.T) {
	var b strings.Builder
	if err := WriteList(&b); err != nil {
		t.Fatal(err)
	}
	want := `remove-aliases                                                 remove every input/output alias
add-must-aliases                                               pair identical parameters and outputs as must-aliases
add-may-aliases                                                pair identical parameters and outputs as may-aliases
flip-must-aliases                                              make every alias a may-alias
flip-may-aliases                                               make every alias a must-alias
aws_neuron_alias_to_must_alias       alias-to-must-alias       make every alias a must-alias, after layout assignment
aws_neuron_buffer_donation_to_alias  buffer-donation-to-alias  turn buffer donors into may-aliases of equal outputs
optimize_input_output_buffer_alias   xla-buffer-donation       pair donors and outputs of equal byte size, as XLA does
                                                                 registered-donors-only=<bool> (default true): only registered buffer donors may be aliased (false: any unaliased parameter leaf)
jax-donation                                                   pair donated parameters with outputs as JAX's lowering does
                                                                 donated=<params> (default marked): the donated parameters by number, or marked: those with a may-alias or a donor registration
`
	if got := b.String(); got != want {
		t.Errorf("WriteList:\n%s\nwant:\n%s", got, want)
	}
}

func TestRunPipeline(t *testing.T) {
	c := cfg(params(f32(2), f32(2), s32(3)), tup(f32(2), s32(3), f32(2)),
		must(ix(0), 1, ix()), donor(0, ix()))
	pipeline, err := Parse("remove-aliases,add-may-aliases,flip-may-aliases,flip-must-aliases,buffer-donation-to-alias")
	if err != nil {
		t.Fatal(err)
	}
	if err := Run(c, pipeline, RunOptions{VerifyEach: true}); err != nil {
		t.Fatal(err)
	}
	want := "input_output_alias={ {0}: (0, {}, may-alias), {1}: (2, {}, may-alias), {2}: (1, {}, may-alias) }"
	if got := short(c); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

// An error that is not a diagnostic is placed at the entry function and
// names the pass; Run stops there.
func TestRunWrapsPlainErrors(t *testing.T) {
	broken := &Pass{Name: "broken", Doc: "fail\n\nFails.", Run: func(*model.Config, Options) (bool, error) {
		return false, errors.New("no entry computation")
	}}
	ran := false
	after := &Pass{Name: "after", Doc: "x\n\nx.", Run: func(*model.Config, Options) (bool, error) { ran = true; return false, nil }}
	c := cfg(params(f32(2)), f32(2))
	c.Source.Func = ast.Pos{Filename: "m.mlir", Line: 7, Column: 9}
	err := Run(c, Of(broken, after), RunOptions{VerifyEach: true})
	errs, ok := err.(ast.ErrorList)
	if !ok || errs.Error() != "m.mlir:7:9: error: pass broken: no entry computation" {
		t.Errorf("got %#v", err)
	}
	if ran {
		t.Error("Run went on after an error")
	}
}

// TestParseOptions reads options in MLIR's pipeline syntax and refuses
// what MLIR would refuse, naming the pass and its options.
func TestParseOptions(t *testing.T) {
	for list, want := range map[string][]map[string]string{
		"optimize_input_output_buffer_alias{registered-donors-only=false}":                {{OptRegisteredDonorsOnly: "false"}},
		" xla-buffer-donation{ registered-donors-only=0 } , flip-may-aliases":             {{OptRegisteredDonorsOnly: "0"}, nil},
		"xla-buffer-donation{},remove-aliases":                                            {{}, nil},
		"xla-buffer-donation{registered-donors-only},xla-buffer-donation":                 {{OptRegisteredDonorsOnly: ""}, nil},
		`xla-buffer-donation{registered-donors-only="true"}`:                              {{OptRegisteredDonorsOnly: "true"}},
		"remove-aliases,xla-buffer-donation{registered-donors-only=TRUE},add-may-aliases": {nil, {OptRegisteredDonorsOnly: "TRUE"}, nil},
	} {
		got, err := Parse(list)
		if err != nil {
			t.Errorf("Parse(%q): %v", list, err)
			continue
		}
		if len(got) != len(want) {
			t.Errorf("Parse(%q) = %d steps, want %d", list, len(got), len(want))
			continue
		}
		for i := range got {
			if fmt.Sprint(got[i].Options) != fmt.Sprint(want[i]) || (got[i].Options == nil) != (want[i] == nil) {
				t.Errorf("Parse(%q)[%d].Options = %v, want %v", list, i, got[i].Options, want[i])
			}
		}
	}
	valid := "valid options are registered-donors-only=<bool> (default true)"
	for list, msg := range map[string]string{
		"xla-buffer-donation{registered-donors-only=maybe}":                      `invalid value "maybe" for option registered-donors-only of pass optimize_input_output_buffer_alias: expected true or false; ` + valid,
		"xla-buffer-donation{registered_donors_only=false}":                      `unknown option "registered_donors_only" for pass optimize_input_output_buffer_alias; ` + valid,
		"flip-may-aliases{registered-donors-only=false}":                         `pass flip-may-aliases takes no options, but "registered-donors-only" was given`,
		"xla-buffer-donation{registered-donors-only=false":                       `malformed options of pass optimize_input_output_buffer_alias in "xla-buffer-donation{registered-donors-only=false": expected ` + "`xla-buffer-donation{name=value ...}`",
		"xla-buffer-donation{registered-donors-only=1 registered-donors-only=0}": `option registered-donors-only of pass optimize_input_output_buffer_alias is given twice`,
		"xla-buffer-donation{=1}":                                                `malformed option "=1" of pass optimize_input_output_buffer_alias: expected name=value`,
		"nope{a=1},remove-aliases":                                               `unknown pass "nope"; valid passes are`,
	} {
		if _, err := Parse(list); err == nil || !strings.HasPrefix(err.Error(), msg) {
			t.Errorf("Parse(%q) error:\n got %v\nwant %s", list, err, msg)
		}
	}
}

// TestRunChecksOptions: a pipeline built by hand with a bad option value
// fails in Run, at the entry function, before the pass runs.
func TestRunChecksOptions(t *testing.T) {
	c := cfg(params(f32(2)), f32(2), donor(0, ix()))
	err := Run(c, Pipeline{{Pass: OptimizeInputOutputBufferAlias, Options: map[string]string{OptRegisteredDonorsOnly: "yes"}}}, RunOptions{})
	if err == nil || !strings.Contains(err.Error(), `pass optimize_input_output_buffer_alias: invalid value "yes"`) {
		t.Errorf("got %v", err)
	}
	if c.Aliases.Len() != 0 {
		t.Error("the pass ran")
	}
}
